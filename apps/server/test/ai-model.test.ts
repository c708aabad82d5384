import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecommendResponse } from '@crewplan/domain';
import { buildTestApp, type TestApp } from './support/app.ts';
import { startFakeOpenAi, type FakeOpenAi } from './support/fake-openai.ts';
import { expectStatus } from './support/org.ts';
import { createStaffingWorld, type StaffingWorld } from './support/staffing.ts';

let t: TestApp;
let w: StaffingWorld;
let fake: FakeOpenAi;
let deterministic: string[];
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await buildTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: 'test-model-key', AI_MODEL: 'fake-ranker', AI_TIMEOUT_MS: '500' } });
  w = await createStaffingWorld(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'reverse';
});

const ask = async (options: Record<string, unknown> = {}) => {
  const response = await t.request({
    method: 'POST',
    url: `/api/ai/resource/org/${w.orgId}/recommend`,
    token: w.people.admin.token,
    payload: { rolesNeeded: [{ missionPlanId: w.roleId }], options: { explain: true, ...options } },
  });
  expectStatus(response, 200);
  return (response.json() as RecommendResponse).recommendations[0]!;
};

describe('an optional language model re-ranks (rule 258)', () => {
  it('with 9 candidates it is asked, with ids and figures only, and its order and notes are used', async () => {
    const before = fake.calls.length;
    const rec = await ask();
    expect(fake.calls.length).toBe(before + 1);
    expect(rec.ranking).toBe('model');
    const call = JSON.stringify(fake.calls.at(-1));
    expect(call).toContain('fake-ranker');
    expect(call).toContain(w.alice.personId);
    expect(call).not.toContain('Alice');
    expect(call).not.toContain(w.leaveDescription);
    expect(fake.authorizations.at(-1)).toBe('Bearer test-model-key');
    // the fake reverses the order it was sent: Alice (best by the rules) comes last
    expect(rec.preAssigned.resources.at(-1)!.personId).toBe(w.alice.personId);
    expect(rec.preAssigned.resources[0]!.explanation.reasons![0]).toBe('Model pick number 1.');
    deterministic = rec.preAssigned.resources.map((row) => row.personId).reverse();
    expect(deterministic[0]).toBe(w.alice.personId);
  });

  it.each(['error', 'hang', 'not-json', 'foreign-ids'] as const)(
    'when the model fails (%s) the deterministic order is answered',
    async (mode) => {
      fake.mode = mode;
      const before = fake.calls.length;
      const rec = await ask();
      expect(fake.calls.length).toBe(before + 1);
      expect(rec.ranking).toBe('deterministic');
      expect(rec.preAssigned.resources.map((row) => row.personId)).toEqual(deterministic);
      expect(rec.preAssigned.resources[0]!.explanation.reasons![0]).toMatch(/^Free for /);
    },
  );

  it('with 8 or fewer candidates no model is asked: the plain list', async () => {
    const before = fake.calls.length;
    const rec = await ask({ teamOnly: true });
    expect(rec.candidates).toBeLessThanOrEqual(8);
    expect(fake.calls.length).toBe(before);
    expect(rec.ranking).toBe('deterministic');
    expect(rec.preAssigned.resources[0]!.personId).toBe(w.alice.personId);
  });
});
