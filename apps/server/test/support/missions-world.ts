import { missionPeople, orgPeople, orgs } from '../../src/db/schema/index.ts';
import { and, eq } from 'drizzle-orm';
import type { OrgLevel } from '@crewplan/domain';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { PrincipalFactory } from './authz-matrix.ts';
import { insertMission, type MissionOptions } from './missions.ts';
import { addMember, createOrg, verifiedPerson } from './org.ts';
import type { TestPerson } from './people.ts';

/** Every kind of caller of a mission route. */
export const MISSION_CALLERS = [
  'anonymous',
  'p0',
  'p1',
  'p1pm',
  'p2',
  'p3',
  'p4',
  'p5',
  'pending',
  'orgAdmin',
  'orgManager',
  'orgMember',
  'orgObserver',
  'outsider',
] as const;
export type MissionCaller = (typeof MISSION_CALLERS)[number];

const TEAM: Partial<Record<MissionCaller, { permission: number; isProjectManager?: boolean; invitePending?: boolean }>> = {
  p0: { permission: 0 },
  p1: { permission: 1 },
  p1pm: { permission: 1, isProjectManager: true },
  p2: { permission: 2 },
  p3: { permission: 3 },
  p4: { permission: 4 },
  p5: { permission: 5 },
  pending: { permission: 0, invitePending: true },
};
const ORG_LEVEL: Partial<Record<MissionCaller, OrgLevel>> = {
  orgAdmin: 'ADMIN',
  orgManager: 'MANAGER',
  orgMember: 'MEMBER',
  orgObserver: 'OBSERVER_ORG',
};

/** One organisation with a person for every kind of caller; `mission()` makes a fresh mission with the team on it. */
export type MissionWorld = {
  orgId: string;
  owner: TestPerson;
  people: Record<Exclude<MissionCaller, 'anonymous'>, TestPerson>;
  callers: Record<MissionCaller, PrincipalFactory>;
  mission: (options?: MissionOptions) => Promise<string>;
};

export async function createMissionWorld(t: TestApp): Promise<MissionWorld> {
  const owner = await verifiedPerson(t, { firstName: 'Olive', lastName: 'Owner' });
  const orgId = (await createOrg(t, owner.token))._id;
  const people = {} as MissionWorld['people'];
  for (const caller of MISSION_CALLERS) {
    if (caller === 'anonymous') continue;
    people[caller] = await verifiedPerson(t, { firstName: caller, lastName: 'Caller' });
    if (caller !== 'outsider') await addMember(t, orgId, people[caller], ORG_LEVEL[caller] ?? 'MEMBER');
  }
  const callers = Object.fromEntries(
    MISSION_CALLERS.map((caller) => [caller, async () => (caller === 'anonymous' ? undefined : people[caller].token)]),
  ) as unknown as Record<MissionCaller, PrincipalFactory>;
  const mission = async (options: MissionOptions = {}) => {
    const row = await insertMission(t, owner, { orgId, ...options });
    await t.database.db.insert(missionPeople).values(
      Object.entries(TEAM).map(([caller, team]) => ({
        missionId: row.id,
        personId: people[caller as Exclude<MissionCaller, 'anonymous'>].personId,
        email: people[caller as Exclude<MissionCaller, 'anonymous'>].email,
        permission: team.permission,
        isProjectManager: team.isProjectManager ?? false,
        invitePending: team.invitePending ?? false,
      })),
    );
    return row.id;
  };
  return { orgId, owner, people, callers, mission };
}

/** Sets organisation settings straight in the database. */
export async function setOrg(t: TestApp, orgId: string, values: Partial<typeof orgs.$inferInsert>) {
  await t.database.db.update(orgs).set(values).where(eq(orgs.id, orgId));
  // written behind the server's back: tell it, as its own writes do, so that no remembered read outlives the change
  t.app.ctx.reads.changed();
}

/** Ends the person's membership of the organisation on `endDate` (straight in the database); answers its undoing. */
export async function endMembership(t: TestApp, orgId: string, personId: string, endDate = '2020-01-01') {
  const member = and(eq(orgPeople.orgId, orgId), eq(orgPeople.personId, personId));
  await t.database.db.update(orgPeople).set({ endDate }).where(member);
  t.app.ctx.reads.changed();
  return async () => {
    await t.database.db.update(orgPeople).set({ endDate: null }).where(member);
    t.app.ctx.reads.changed();
  };
}

/**
 * Expects `read` to show nothing of the organisation while it requires two-factor sign-in the person lacks (rule
 * 109), nor once their membership ended; both are undone afterwards.
 */
export async function expectWithheldAndLeft(t: TestApp, orgId: string, personId: string, read: () => Promise<unknown[]>) {
  await setOrg(t, orgId, { isMFARequired: true });
  try {
    expect(await read()).toEqual([]);
  } finally {
    await setOrg(t, orgId, { isMFARequired: false });
  }
  const undo = await endMembership(t, orgId, personId);
  try {
    expect(await read()).toEqual([]);
  } finally {
    await undo();
  }
}

/** Expectations for a route: readers per the table below, `allowed` for those in `allowed`, 403 for other readers. */
export function missionExpectations(allowed: readonly MissionCaller[]): Record<MissionCaller, 'allowed' | 401 | 403 | 404> {
  const readers: MissionCaller[] = ['p0', 'p1', 'p1pm', 'p2', 'p3', 'p4', 'p5', 'orgAdmin', 'orgManager'];
  return Object.fromEntries(
    MISSION_CALLERS.map((caller) => {
      if (caller === 'anonymous') return [caller, 401];
      if (caller === 'pending') return [caller, 403];
      if (!readers.includes(caller)) return [caller, 404];
      return [caller, allowed.includes(caller) ? 'allowed' : 403];
    }),
  ) as Record<MissionCaller, 'allowed' | 401 | 403 | 404>;
}
