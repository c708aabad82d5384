import { describe, expect, it } from 'vitest';
import { canOnComment } from '../comments/policy.ts';
import { canOnFile } from '../files/policy.ts';
import type { MissionActor, MissionFacts } from '../missions/policy.ts';
import type { OrgActor, OrgMemberFacts } from '../org/policy.ts';
import { ORG_LEVELS, type OrgLevel } from '../org/levels.ts';
import { canOnTaskVerb, type TaskFacts } from '../tasks/policy.ts';
import { canOnTeam } from '../team/policy.ts';
import { readsOrgCostReport } from '../money/policy.ts';
import { canOnMissionTimesheet, canOnOrgTimesheet, keepsOrgTime, readsOrgTimeReports } from '../time/policy.ts';
import { canInMission, canInOrg, type MissionRouteVerb } from './route-verbs.ts';

/**
 * The verbs routes perform, written out by hand: at a route's gate (no entity facts: may the caller do it to some
 * entity of that kind?) and with the entity's facts (whose file, whose message, which task).
 */

type Who = 'P0' | 'P1' | 'PM' | 'P2' | 'P3' | 'ORG_ADMIN' | 'ORG_MANAGER' | 'OUTSIDER';
const onTeam = (permission: number, isProjectManager = false): MissionActor => ({
  personId: 'caller',
  member: { permission, isProjectManager, invitePending: false },
  orgLevel: 'MEMBER',
  orgCanApproveRoles: false,
});
const offTeam = (orgLevel: OrgLevel | null): MissionActor => ({ personId: 'caller', member: null, orgLevel, orgCanApproveRoles: false });
const ACTORS: Record<Who, MissionActor> = {
  P0: onTeam(0),
  P1: onTeam(1),
  PM: onTeam(1, true),
  P2: onTeam(2),
  P3: onTeam(3),
  ORG_ADMIN: offTeam('ADMIN'),
  ORG_MANAGER: offTeam('MANAGER'),
  OUTSIDER: offTeam(null),
};
const WHO = Object.keys(ACTORS) as Who[];
const mission: MissionFacts = { projectStatus: 'active', hasOrg: true };

const READERS: Who[] = ['P0', 'P1', 'PM', 'P2', 'P3', 'ORG_ADMIN', 'ORG_MANAGER'];
const MANAGERS: Who[] = ['PM', 'P2', 'ORG_ADMIN', 'ORG_MANAGER'];
const CREATORS: Who[] = ['P1', ...MANAGERS];
const WORKERS: Who[] = ['P0', ...CREATORS];

/** Who passes each route gate (project files unless the row says a task's). */
const GATE: [MissionRouteVerb, Who[], 'action.items'?][] = [
  ['money.read', MANAGERS],
  ['money.write', MANAGERS],
  ['file.read', READERS],
  ['file.share', READERS],
  ['file.copy', READERS],
  ['file.rename', READERS],
  ['file.delete', READERS],
  ['file.upload', MANAGERS],
  ['file.upload', WORKERS, 'action.items'],
  ['comment.read', READERS],
  ['comment.post', READERS],
  ['comment.edit', READERS],
  ['comment.delete', READERS],
  ['comment.clap', READERS],
  ['task.read', READERS],
  ['task.create', CREATORS],
  ['action.create', CREATORS],
  ['task.delete', CREATORS],
  ['action.delete', CREATORS],
  ['task.update', WORKERS],
  ['action.update', WORKERS],
  ['plan.item.create', MANAGERS],
  ['plan.item.update', MANAGERS],
  ['plan.item.delete', MANAGERS],
  ['plan.request.submit', MANAGERS],
  ['plan.request.decide', READERS],
  ['team.member.remove', READERS],
  ['timesheet.read', READERS],
  // observers hold no role (rule 77), so they keep no hours; organisation people off the team may hold one
  ['timesheet.save', READERS.filter((who) => who !== 'P3')],
  ['timesheet.update', READERS],
  ['timesheet.delete', READERS],
  ['timesheet.review', ['PM', 'P2', 'ORG_ADMIN']],
  ['mission.update', MANAGERS],
];

describe('mission route gates: every verb × every caller', () => {
  it.each(
    GATE.flatMap(([verb, allowed, attachedTo]) => WHO.map((who) => [verb, attachedTo ?? 'missions', who, allowed.includes(who)] as const)),
  )('%s (%s) by %s → %s', (verb, attachedTo, who, expected) => {
    expect(canInMission(ACTORS[who], verb, { mission, attachedTo })).toBe(expected);
  });
});

describe('with the entity’s facts', () => {
  it('files: renaming and deleting are for the uploader and who may change what it is attached to (rule 114)', () => {
    const file = (uploadedByCaller: boolean, mayWriteAttached: boolean) => ({ mission, file: { uploadedByCaller, mayWriteAttached } });
    expect(canOnFile(ACTORS.P3, 'file.delete', file(true, false))).toBe(true);
    expect(canOnFile(ACTORS.P1, 'file.delete', file(false, false))).toBe(false);
    expect(canOnFile(ACTORS.P1, 'file.rename', file(false, true))).toBe(true);
    expect(canOnFile(ACTORS.OUTSIDER, 'file.delete', file(true, true))).toBe(false);
    expect(canOnFile(ACTORS.P0, 'file.upload', { mission, attachedTo: 'action.items', file: file(false, false).file })).toBe(false);
  });

  it('comments: only the author edits; the author and mission admins delete; rule 104 decides who posts', () => {
    const mine = { mission, comment: { createdBy: 'caller' } };
    const theirs = { mission, comment: { createdBy: 'someone' } };
    expect(canOnComment(ACTORS.P3, 'comment.edit', mine)).toBe(true);
    expect(canOnComment(ACTORS.P2, 'comment.edit', theirs)).toBe(false);
    expect(canOnComment(ACTORS.PM, 'comment.delete', theirs)).toBe(true);
    expect(canOnComment(ACTORS.P1, 'comment.delete', theirs)).toBe(false);
    expect(canOnComment(ACTORS.P3, 'comment.post', { mission, chat: { room: 'Mission' } })).toBe(true);
    expect(canOnComment(ACTORS.P1, 'comment.post', { mission, chat: { room: 'Mission' } })).toBe(false);
    expect(canOnComment(ACTORS.PM, 'comment.post', { mission, chat: { room: 'Mission' } })).toBe(true);
  });

  it('tasks: a team member (0) updates only tasks assigned to them; a done action is closed (rules 45, 93)', () => {
    const task = (people: string[], actionStatus = 'todo'): TaskFacts => ({
      people,
      status: 'todo',
      action: { createdBy: 'someone', status: actionStatus },
    });
    expect(canOnTaskVerb(ACTORS.P0, 'task.update', { mission, task: task(['caller']) })).toBe(true);
    expect(canOnTaskVerb(ACTORS.P0, 'task.update', { mission, task: task(['someone']) })).toBe(false);
    expect(canOnTaskVerb(ACTORS.P1, 'task.update', { mission, task: task([], 'done') })).toBe(false);
    expect(canOnTaskVerb(ACTORS.P1, 'task.delete', { mission, task: task([]) })).toBe(false);
    expect(canOnTaskVerb(ACTORS.PM, 'task.delete', { mission, task: task([]) })).toBe(true);
  });

  it('team: everybody leaves; removing somebody else is for admins (rule 101)', () => {
    expect(canOnTeam(ACTORS.P0, 'team.member.remove', { mission, personId: 'caller' })).toBe(true);
    expect(canOnTeam(ACTORS.P1, 'team.member.remove', { mission, personId: 'someone' })).toBe(false);
    expect(canOnTeam(ACTORS.PM, 'team.member.remove', { mission, personId: 'someone' })).toBe(true);
    expect(canOnTeam(ACTORS.ORG_MANAGER, 'team.member.remove', { mission, personId: 'someone' })).toBe(false);
  });

  it('mission weeks: people their own; project managers, owners and organisation admins everybody’s (rule 100)', () => {
    const own = { mission, sheet: { ownerId: 'caller' } };
    const other = { mission, sheet: { ownerId: 'someone' } };
    expect(canOnMissionTimesheet(ACTORS.P0, 'timesheet.update', own)).toBe(true);
    expect(canOnMissionTimesheet(ACTORS.P0, 'timesheet.read', other)).toBe(false);
    expect(canOnMissionTimesheet(ACTORS.P3, 'timesheet.read', other)).toBe(false);
    expect(canOnMissionTimesheet(ACTORS.PM, 'timesheet.update', other)).toBe(true);
    expect(canOnMissionTimesheet(ACTORS.ORG_MANAGER, 'timesheet.update', other)).toBe(false);
    expect(canOnMissionTimesheet(ACTORS.ORG_ADMIN, 'timesheet.update', other)).toBe(true);
  });

  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, false],
    [4, false],
    [5, false],
  ])('mission weeks: a team member of permission %i keeps hours: %s (observers hold no role, rule 77)', (permission, keeps) => {
    expect(canOnMissionTimesheet(onTeam(permission), 'timesheet.save', { mission })).toBe(keeps);
    expect(canOnMissionTimesheet(onTeam(permission), 'timesheet.read', { mission, sheet: { ownerId: 'caller' } })).toBe(true);
  });
});

describe('organisation route gates', () => {
  const member = (level: OrgLevel): OrgMemberFacts => ({
    kind: 'person',
    personId: 'caller',
    level,
    canApproveRoles: false,
    canApproveLeaves: false,
    canManageGoals: false,
    canCreateProjects: false,
    accessibleDepartments: [],
    accessibleOffices: [],
  });
  const key: OrgActor = { kind: 'apiKey' };

  it('weeks: every member keeps their own, admins decide everybody’s, admins and managers read the reports (rule 177), keys keep none', () => {
    expect(canOnOrgTimesheet(member('MEMBER'), 'timesheet.save')).toBe(true);
    expect(canOnOrgTimesheet(member('MEMBER'), 'timesheet.update', { sheet: { ownerId: 'someone' } })).toBe(false);
    expect(canOnOrgTimesheet(member('MANAGER'), 'timesheet.update', { sheet: { ownerId: 'someone' } })).toBe(false);
    expect(canOnOrgTimesheet(member('MANAGER'), 'timesheet.review')).toBe(true);
    expect(canOnOrgTimesheet(member('ADMIN'), 'timesheet.update', { sheet: { ownerId: 'someone' } })).toBe(true);
    expect(canOnOrgTimesheet(member('MANAGER_LIMITED'), 'timesheet.review')).toBe(false);
    expect(canOnOrgTimesheet(member('ADMIN'), 'timesheet.review')).toBe(true);
    expect(canOnOrgTimesheet(key, 'timesheet.read')).toBe(false);
  });

  it.each(ORG_LEVELS.map((level) => [level, level !== 'OBSERVER_ORG' && level !== 'OBSERVER_ORG_LIMITED'] as const))(
    'weeks of organisation work are kept by %s: %s (observers see reports, not work: rules 93, 111)',
    (level, keeps) => {
      expect(keepsOrgTime(level)).toBe(keeps);
      expect(canOnOrgTimesheet(member(level), 'timesheet.save')).toBe(keeps);
      // an observer still reads and takes away their own weeks
      expect(canOnOrgTimesheet(member(level), 'timesheet.delete', { sheet: { ownerId: 'caller' } })).toBe(true);
    },
  );

  it('nobody outside the organisation, and no key, keeps organisation weeks', () => {
    expect(keepsOrgTime(null)).toBe(false);
    expect(canOnOrgTimesheet(key, 'timesheet.save')).toBe(false);
  });

  it('hands organisation verbs to the organisation policy and timesheet verbs to the timesheet policy', () => {
    expect(canInOrg(member('MEMBER'), 'org.update')).toBe(false);
    expect(canInOrg(member('ADMIN'), 'org.update')).toBe(true);
    expect(canInOrg(member('MEMBER'), 'goal.update')).toBe(true);
    expect(canInOrg(member('OBSERVER_ORG'), 'timesheet.review')).toBe(true);
    expect(canInOrg(key, 'org.people.remove')).toBe(true);
    expect(canInOrg(null, 'org.read')).toBe(false);
  });

  it.each([
    ['ADMIN', true],
    ['MANAGER', true],
    ['MANAGER_LIMITED', false],
    ['MEMBER', false],
    ['OBSERVER_ORG', false],
    ['OBSERVER_ORG_LIMITED', false],
  ] as const)('organisation money is read and set by %s: %s', (level, allowed) => {
    expect(canInOrg(member(level), 'money.read')).toBe(allowed);
    expect(canInOrg(member(level), 'money.write')).toBe(allowed);
  });

  it('an API key sees no organisation money', () => {
    expect(canInOrg(key, 'money.read')).toBe(false);
  });

  it.each([
    ['ADMIN', true],
    ['MANAGER', true],
    ['MANAGER_LIMITED', false],
    ['MEMBER', false],
    ['OBSERVER_ORG', true],
    ['OBSERVER_ORG_LIMITED', false],
  ] as const)(
    'the workspace reports of time and cost are read by %s: %s (rule 111: observers too, never limited ones, who are outsiders)',
    (level, reads) => {
      expect(readsOrgTimeReports(level)).toBe(reads);
      expect(canInOrg(member(level), 'timesheet.review')).toBe(reads);
      expect(readsOrgCostReport(level)).toBe(reads);
      expect(canInOrg(member(level), 'money.report.read')).toBe(reads);
    },
  );

  it('an organisation observer reads the reports but decides no week, sets no money and reads no rates', () => {
    const observer = member('OBSERVER_ORG');
    expect(canOnOrgTimesheet(observer, 'timesheet.update', { sheet: { ownerId: 'someone' } })).toBe(false);
    expect(canOnOrgTimesheet(observer, 'timesheet.save')).toBe(false);
    expect(canInOrg(observer, 'money.read')).toBe(false);
    expect(canInOrg(observer, 'money.write')).toBe(false);
  });

  it('no API key and nobody outside reads the reports', () => {
    expect(canInOrg(key, 'timesheet.review')).toBe(false);
    expect(canInOrg(key, 'money.report.read')).toBe(false);
    expect(canInOrg(null, 'money.report.read')).toBe(false);
    expect(readsOrgTimeReports(null)).toBe(false);
    expect(readsOrgCostReport(undefined)).toBe(false);
  });
});
