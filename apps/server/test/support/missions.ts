import { randomBytes } from 'node:crypto';
import { missionPeople, missions } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';

export type MissionOptions = Partial<typeof missions.$inferInsert>;

/**
 * A mission straight in the database with its creator as admin (permission 2): a fast starting point for tests
 * of other calls. The API way (`POST /api/mission`) is tested in missions.test.ts.
 */
export async function insertMission(t: TestApp, creator: { personId: string; email: string }, options: MissionOptions = {}) {
  const [mission] = await t.database.db
    .insert(missions)
    .values({
      title: `Mission ${randomBytes(3).toString('hex')}`,
      planStartDate: '2026-01-05',
      planEndDate: '2026-04-05',
      createdBy: creator.personId,
      ...options,
    })
    .returning();
  await t.database.db
    .insert(missionPeople)
    .values({ missionId: mission!.id, personId: creator.personId, email: creator.email, permission: 2 });
  return mission!;
}

/** Puts a person on a mission's team at a permission, straight in the database. */
export async function addToMission(
  t: TestApp,
  missionId: string,
  person: { personId: string; email: string },
  permission: number,
  options: Partial<typeof missionPeople.$inferInsert> = {},
) {
  await t.database.db
    .insert(missionPeople)
    .values({ missionId, personId: person.personId, email: person.email, permission, ...options })
    .onConflictDoUpdate({ target: [missionPeople.missionId, missionPeople.personId], set: { permission, ...options } });
}
