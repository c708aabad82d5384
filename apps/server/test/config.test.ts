import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'crewplan-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configuration from the environment', () => {
  it('has the embedded defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      env: 'development',
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
    });
    expect(config.trustedOrigins).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://127.0.0.1:3000']));
  });

  it('generates AUTH_SECRET once and keeps it in the data folder', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8')).toBe(first);
  });

  it('trusts only the public origin in production', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://plan.example.com/',
      AUTH_SECRET: 'x'.repeat(40),
    });
    expect(config.trustedOrigins).toEqual(['https://plan.example.com']);
    expect(config.publicUrl).toBe('https://plan.example.com');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });
});
