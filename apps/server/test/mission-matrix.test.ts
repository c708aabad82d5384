import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canInMission, canOnMission, type MissionActor, type OrgLevel } from '@crewplan/domain';
import { actionItems, actions, comments, expenses, files, missionPeople, planItems } from '../src/db/schema/index.ts';
import { isMissionAuthz } from '../src/plugins/authz.ts';
import type { MissionAuthz } from '../src/plugins/types.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { type Expectation, type PrincipalFactory } from './support/authz-matrix.ts';
import { insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

/**
 * Every route that acts on one mission, walked as each kind of caller: each team permission 0–5 (and a team lead
 * who is project manager), a pending invitee, organisation admin, manager, member and observer who are not on the
 * mission, an outsider and anonymous. What each may do is derived from the mission policy; a fresh mission per call.
 */
type Principal =
  | 'anonymous'
  | 'p0'
  | 'p1'
  | 'p1pm'
  | 'p2'
  | 'p3'
  | 'p4'
  | 'p5'
  | 'pending'
  | 'orgAdmin'
  | 'orgManager'
  | 'orgMember'
  | 'orgObserver'
  | 'outsider';

/** Who is on the team, and how. */
const TEAM: Partial<Record<Principal, { permission: number; isProjectManager?: boolean; invitePending?: boolean }>> = {
  p0: { permission: 0 },
  p1: { permission: 1 },
  p1pm: { permission: 1, isProjectManager: true },
  p2: { permission: 2 },
  p3: { permission: 3 },
  p4: { permission: 4 },
  p5: { permission: 5 },
  pending: { permission: 0, invitePending: true },
};
const ORG_LEVEL: Partial<Record<Principal, OrgLevel>> = {
  orgAdmin: 'ADMIN',
  orgManager: 'MANAGER',
  orgMember: 'MEMBER',
  orgObserver: 'OBSERVER_ORG',
  p0: 'MEMBER',
  p1: 'MEMBER',
  p1pm: 'MEMBER',
  p2: 'MEMBER',
  p3: 'MEMBER',
  p4: 'MEMBER',
  p5: 'MEMBER',
  pending: 'MEMBER',
};
const PRINCIPALS = Object.keys({ anonymous: 0, outsider: 0, ...ORG_LEVEL }) as Principal[];

let t: TestApp;
let owner: TestPerson;
let orgId: string;
const people = {} as Record<Principal, TestPerson>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await verifiedPerson(t, { firstName: 'Olive', lastName: 'Owner' });
  orgId = (await createOrg(t, owner.token))._id;
  for (const principal of PRINCIPALS) {
    if (principal === 'anonymous') continue;
    people[principal] = await verifiedPerson(t, { firstName: principal, lastName: 'Caller' });
    const level = ORG_LEVEL[principal];
    if (level) await addMember(t, orgId, people[principal], level);
  }
});
afterAll(async () => t.close());

type Fresh = { mission: string; planItem: string; action: string; actionItem: string; file: string; comment: string; expense: string };

/**
 * A mission of the organisation, owned by `owner`, with every team principal on it, a role, an action and a task, a
 * file attached to the task and a message in the task's chat.
 */
async function freshMission(): Promise<Fresh> {
  const mission = await insertMission(t, owner, { orgId });
  await t.database.db.insert(missionPeople).values(
    Object.entries(TEAM).map(([principal, row]) => ({
      missionId: mission.id,
      personId: people[principal as Principal].personId,
      email: people[principal as Principal].email,
      permission: row.permission,
      isProjectManager: row.isProjectManager ?? false,
      invitePending: row.invitePending ?? false,
    })),
  );
  const [planItem] = await t.database.db.insert(planItems).values({ missionId: mission.id, title: 'Role' }).returning();
  const [action] = await t.database.db
    .insert(actions)
    .values({ missionId: mission.id, title: 'Action', createdBy: owner.personId })
    .returning();
  const [actionItem] = await t.database.db
    .insert(actionItems)
    .values({ missionId: mission.id, actionId: action!.id, title: 'Task', createdBy: owner.personId })
    .returning();
  const [file] = await t.database.db
    .insert(files)
    .values({
      missionId: mission.id,
      orgId,
      attachedTo: 'action.items',
      attachedToId: actionItem!.id,
      name: 'notes.txt',
      createdBy: owner.personId,
    })
    .returning();
  const [comment] = await t.database.db
    .insert(comments)
    .values({ missionId: mission.id, room: 'ActionItem', roomId: actionItem!.id, text: 'Hello', createdBy: owner.personId })
    .returning();
  const [expense] = await t.database.db
    .insert(expenses)
    .values({ missionId: mission.id, orgId, personId: owner.personId, amountMinor: 1250, currency: 'EUR', day: '2026-03-02' })
    .returning();
  return {
    expense: expense!.id,
    mission: mission.id,
    planItem: planItem!.id,
    action: action!.id,
    actionItem: actionItem!.id,
    file: file!.id,
    comment: comment!.id,
  };
}

function actorOf(principal: Principal): MissionActor {
  const team = TEAM[principal];
  return {
    personId: people[principal].personId,
    member: team
      ? { permission: team.permission, isProjectManager: team.isProjectManager ?? false, invitePending: team.invitePending ?? false }
      : null,
    orgLevel: ORG_LEVEL[principal] ?? null,
    orgCanApproveRoles: false,
  };
}

/** The refusals of the mission gate itself (authz hook); any other answer means the gate let the caller through. */
const GATE_REFUSALS = [
  'auth/unauthenticated',
  'forbidden',
  'mission/not-found',
  'mission/invite-pending',
  'task/not-found',
  'action/not-found',
  'plan-item/not-found',
  'file/not-found',
  'comment/not-found',
  'expense/not-found',
];

/**
 * What a caller got from the route's gate: its refusal (401, 403, 404), or 'allowed' when the call went past it — even
 * when a finer rule of the task itself then said no (for instance, only an action's creator or a mission admin deletes
 * it; those rules are tested with their tasks).
 */
function gateOutcome(status: number, code: string): Expectation | number {
  return [401, 403, 404].includes(status) && GATE_REFUSALS.includes(code) ? status : 'allowed';
}

/** What the policy says a principal gets from a route declaring `action`. */
function expected(principal: Principal, authz: MissionAuthz): Expectation {
  if (principal === 'anonymous') return 401;
  const actor = actorOf(principal);
  const facts = { projectStatus: 'active', hasOrg: true };
  if (!canOnMission(actor, 'mission.read', facts)) return actor.member?.invitePending ? 403 : 404;
  const attachedTo = !authz.via ? 'missions' : authz.via === 'actionItem' ? 'action.items' : undefined;
  return canInMission(actor, authz.mission, { mission: facts, attachedTo }) ? 'allowed' : 403;
}

/**
 * A concrete URL for a route pattern: the id of what the route acts on (the mission, or its role, action or task), and
 * an invalid id for any other parameter (the allowed get 400, not a write).
 */
const urlFor = (pattern: string, fresh: Fresh, via: MissionAuthz['via']) => {
  // a room route is walked on the task's chat room
  const target = via === 'room' ? fresh.actionItem : via ? fresh[via] : fresh.mission;
  const withRoom = pattern.replace(':room', 'ActionItem');
  const withTarget = withRoom.includes(':actionId') ? withRoom.replace(':actionId', target) : withRoom.replace(':id', target);
  return withTarget.replace(/:[a-zA-Z]+/g, 'not-an-id');
};

describe('mission routes × callers', () => {
  it('covers the routes of this area', () => {
    const missionRoutes = t.app.routeAccess.filter((route) => isMissionAuthz(route.authz)).map((route) => `${route.method} ${route.url}`);
    for (const row of ['GET /api/mission/:id', 'PUT /api/mission/:id', 'DELETE /api/mission/:id', 'POST /api/mission/:id/invite']) {
      expect(missionRoutes).toContain(row);
    }
  });

  it('answers every caller as the mission policy says, on every mission route', async () => {
    const factories = {} as Record<Principal, PrincipalFactory>;
    for (const principal of PRINCIPALS)
      factories[principal] = async () => (principal === 'anonymous' ? undefined : people[principal].token);
    const mismatches: string[] = [];
    let walked = 0;
    for (const route of t.app.routeAccess) {
      if (!isMissionAuthz(route.authz)) continue;
      walked += 1;
      const authz = route.authz;
      const expectations = Object.fromEntries(PRINCIPALS.map((principal) => [principal, expected(principal, authz)])) as Record<
        Principal,
        Expectation
      >;
      const outcomes: Record<string, Expectation | number> = {};
      for (const principal of PRINCIPALS) {
        const fresh = await freshMission();
        const withBody = route.method === 'POST' || route.method === 'PUT';
        // A body the schemas refuse: the allowed get 400 and nothing is written; the others are refused before it is read.
        const response = await t.request({
          method: route.method as 'GET',
          url: urlFor(route.url, fresh, authz.via),
          token: await factories[principal](t),
          ...(withBody ? { payload: { notAField: true } } : {}),
        });
        const code = response.statusCode >= 400 ? errorOf(response).code : '';
        // an expense's own rule hides someone else's draft from the team with the same 404 as the gate: past the gate
        // for a reader (that rule is tested with expenses)
        const hiddenExpense = code === 'expense/not-found' && expectations[principal] === 'allowed';
        outcomes[principal] = hiddenExpense ? 'allowed' : gateOutcome(response.statusCode, code);
      }
      for (const principal of PRINCIPALS) {
        if (outcomes[principal] !== expectations[principal]) {
          mismatches.push(`${route.method} ${route.url} as ${principal}: expected ${expectations[principal]}, got ${outcomes[principal]}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // mission read/update/delete, history, audit tree, baseline, licence, promo, section tags (3), KPIs (3), team (3)
    expect(walked).toBeGreaterThanOrEqual(17);
  }, 240_000);
});
