import { hashPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';
import { signIn, signUpPerson } from './support/people.ts';
import { testPasswordHashing } from '../src/modules/identity/test-passwords.ts';

describe('password hashing under NODE_ENV=test', () => {
  it('hashes lightly, salted, and verifies only the right password', async () => {
    const [first, second] = await Promise.all([testPasswordHashing.hash('päss wörd 🙂'), testPasswordHashing.hash('päss wörd 🙂')]);
    expect(first).toMatch(/^light\$[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(first).not.toBe(second);
    expect(await testPasswordHashing.verify({ hash: first, password: 'päss wörd 🙂' })).toBe(true);
    expect(await testPasswordHashing.verify({ hash: first, password: 'päss wörd 🙃' })).toBe(false);
    expect(await testPasswordHashing.verify({ hash: 'light$nokey', password: 'päss wörd 🙂' })).toBe(false);
  });

  it("still verifies a hash made at better-auth's production cost", async () => {
    const hash = await hashPassword('correct-horse-battery');
    expect(hash.startsWith('light$')).toBe(false);
    expect(await testPasswordHashing.verify({ hash, password: 'correct-horse-battery' })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: 'correct-horse-batterY' })).toBe(false);
  });

  it('is used by a test server only: any other keeps the production cost', async () => {
    for (const [env, light] of [
      ['test', true],
      ['development', false],
    ] as const) {
      const t = await buildTestApp({ env: { NODE_ENV: env } });
      try {
        const person = await signUpPerson(t);
        const { rows } = await t.database.pool.query<{ password: string }>(
          "select password from auth_accounts where user_id = $1 and provider_id = 'credential'",
          [person.personId],
        );
        expect(rows[0]!.password.startsWith('light$')).toBe(light);
        expect((await signIn(t, person.email, person.password)).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    }
  });
});
