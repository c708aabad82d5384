import { and, eq } from 'drizzle-orm';
import type { OrgLevel } from '@crewplan/domain';
import { missionInvites, missionPeople } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import type { PrincipalFactory } from './authz-matrix.ts';
import { addToMission, insertMission, type MissionOptions } from './missions.ts';
import { addMember, createOrg, verifiedPerson } from './org.ts';
import type { TestPerson } from './people.ts';

/**
 * Who calls a mission's team routes: each team permission 0–5 (and a team lead who is project manager), a
 * pending invitee, organisation admin, manager and member who are not on the mission, an outsider and anonymous.
 */
export const TEAM_PRINCIPALS = [
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
  'outsider',
] as const;
export type TeamPrincipal = (typeof TEAM_PRINCIPALS)[number];

/** The team rows of the principals who are on the mission. */
export const TEAM_ROWS: Partial<Record<TeamPrincipal, { permission: number; isProjectManager?: boolean; invitePending?: boolean }>> = {
  p0: { permission: 0 },
  p1: { permission: 1 },
  p1pm: { permission: 1, isProjectManager: true },
  p2: { permission: 2 },
  p3: { permission: 3 },
  p4: { permission: 4 },
  p5: { permission: 5 },
  pending: { permission: 0, invitePending: true },
};

const ORG_LEVELS: Partial<Record<TeamPrincipal, OrgLevel>> = { orgAdmin: 'ADMIN', orgManager: 'MANAGER', orgMember: 'MEMBER' };

/** One organisation (approved domain example.com) and a signed-in, verified person for every principal. */
export type TeamWorld = { orgId: string; owner: TestPerson; people: Record<Exclude<TeamPrincipal, 'anonymous'>, TestPerson> };

export async function createTeamWorld(t: TestApp): Promise<TeamWorld> {
  const owner = await verifiedPerson(t, { firstName: 'Olive', lastName: 'Owner' });
  const org = await createOrg(t, owner.token, { inviteDomains: ['example.com'] });
  const people = {} as TeamWorld['people'];
  for (const principal of TEAM_PRINCIPALS) {
    if (principal === 'anonymous') continue;
    const person = await verifiedPerson(t, { firstName: principal, lastName: 'Caller' });
    people[principal] = person;
    const level = ORG_LEVELS[principal] ?? (TEAM_ROWS[principal] ? 'MEMBER' : null);
    if (level) await addMember(t, org._id, person, level);
  }
  return { orgId: org._id, owner, people };
}

/** A mission of the world's organisation owned by `owner` (the only admin, permission 2) with every team principal on it. */
export async function teamMission(t: TestApp, world: TeamWorld, options: MissionOptions = {}): Promise<string> {
  const mission = await insertMission(t, world.owner, { orgId: world.orgId, ...options });
  for (const [principal, row] of Object.entries(TEAM_ROWS)) {
    const { permission, ...rest } = row;
    await addToMission(t, mission.id, world.people[principal as Exclude<TeamPrincipal, 'anonymous'>], permission, rest);
  }
  return mission.id;
}

export function teamFactories(world: TeamWorld): Record<TeamPrincipal, PrincipalFactory> {
  const factories = {} as Record<TeamPrincipal, PrincipalFactory>;
  for (const principal of TEAM_PRINCIPALS) {
    factories[principal] = async () => (principal === 'anonymous' ? undefined : world.people[principal].token);
  }
  return factories;
}

export async function teamRow(t: TestApp, missionId: string, personId: string) {
  const [row] = await t.database.db
    .select()
    .from(missionPeople)
    .where(and(eq(missionPeople.missionId, missionId), eq(missionPeople.personId, personId)));
  return row ?? null;
}

export async function invitesOf(t: TestApp, missionId: string) {
  return t.database.db.select().from(missionInvites).where(eq(missionInvites.missionId, missionId));
}
