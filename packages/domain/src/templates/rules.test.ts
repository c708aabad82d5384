import { describe, expect, it } from 'vitest';
import type { OrgLevel } from '../org/levels.ts';
import {
  canManageTemplate,
  canShareTemplate,
  canUseTemplate,
  copiedIntoMission,
  datesFromOffsets,
  offsetsOf,
  projectDurationDays,
  templateAbilities,
  type PlanOffsets,
  type TemplateFacts,
} from './rules.ts';
import { templateBulkUpdateSchema, templateCreateSchema, templatePlanItemInputSchema } from './templates.ts';

describe('offsetsOf', () => {
  it.each([
    ['item at the start', '2026-01-05', '2026-01-05', '2026-01-15', { startOffsetDays: 0, durationDays: 10 }],
    ['item later', '2026-01-05', '2026-02-01', '2026-02-28', { startOffsetDays: 27, durationDays: 27 }],
    ['item before the project', '2026-01-05', '2025-12-29', '2026-01-02', { startOffsetDays: -7, durationDays: 4 }],
    ['across a leap day', '2028-02-27', '2028-03-01', '2028-03-02', { startOffsetDays: 3, durationDays: 1 }],
    ['end before start counts as 0 days', '2026-01-05', '2026-01-10', '2026-01-08', { startOffsetDays: 5, durationDays: 0 }],
    ['no project start', null, '2026-01-10', '2026-01-20', { startOffsetDays: null, durationDays: 10 }],
    ['no item start', '2026-01-05', null, '2026-01-20', { startOffsetDays: null, durationDays: null }],
    ['no item end', '2026-01-05', '2026-01-10', null, { startOffsetDays: 5, durationDays: null }],
    ['unparsable dates count as missing', '2026-13-05', '2026-02-30', '2026-01-20', { startOffsetDays: null, durationDays: null }],
  ] as const)('%s', (_, projectStart, startDate, endDate, expected) => {
    expect(offsetsOf(projectStart, { startDate, endDate })).toEqual(expected);
  });
});

describe('projectDurationDays', () => {
  it.each([
    ['2026-01-05', '2026-04-05', 90],
    ['2026-01-05', '2026-01-06', 1],
    ['2026-01-05', '2026-01-05', null],
    ['2026-01-05', '2026-01-01', null],
    [null, '2026-01-01', null],
    ['2026-01-05', null, null],
  ] as const)('%s → %s is %s days', (start, end, expected) => {
    expect(projectDurationDays(start, end)).toBe(expected);
  });
});

describe('datesFromOffsets', () => {
  const mission = { start: '2026-03-02', end: '2026-05-31' };
  const item = (
    startOffsetDays: number | null,
    durationDays: number | null,
    pinnedTo: string | null = null,
  ): PlanOffsets & { pinnedTo: string | null } => ({
    startOffsetDays,
    durationDays,
    pinnedTo,
  });
  it.each([
    ['offset and length kept', item(0, 10), '2026-03-02', '2026-03-12'],
    ['later start', item(27, 27), '2026-03-29', '2026-04-25'],
    ['no offset starts with the project', item(null, 5), '2026-03-02', '2026-03-07'],
    ['no length ends with the project', item(14, null), '2026-03-16', '2026-05-31'],
    ['negative offset is clamped to the project start', item(-7, 4), '2026-03-02', '2026-03-06'],
    ['end clamped to the project end', item(80, 30), '2026-05-21', '2026-05-31'],
    ['start after the project end moves to its end', item(200, 10), '2026-05-31', '2026-05-31'],
    ['zero length', item(3, 0), '2026-03-05', '2026-03-05'],
    ['pinned to the entire mission follows it', item(10, 3, 'entireMission'), '2026-03-02', '2026-05-31'],
    ['pinned to the start keeps its length', item(10, 3, 'startOfMission'), '2026-03-02', '2026-03-15'],
    ['pinned to the end ends with it', item(10, 3, 'endOfMission'), '2026-03-12', '2026-05-31'],
    ['pinned to another item id is laid out by its offsets', item(10, 3, '0123456789abcdef01234567'), '2026-03-12', '2026-03-15'],
  ] as const)('%s', (_, offsets, startDate, endDate) => {
    expect(datesFromOffsets(mission, offsets)).toEqual({ startDate, endDate });
  });

  it('keeps every item inside a one-day project, even an inverted one', () => {
    expect(datesFromOffsets({ start: '2026-03-02', end: '2026-03-02' }, item(5, 5))).toEqual({
      startDate: '2026-03-02',
      endDate: '2026-03-02',
    });
    expect(datesFromOffsets({ start: '2026-03-02', end: '2026-02-01' }, item(5, 5))).toEqual({
      startDate: '2026-03-02',
      endDate: '2026-03-02',
    });
  });

  it('round-trips with offsetsOf inside the project', () => {
    const source = { start: '2026-01-05', end: '2026-04-05' };
    const planned = { startDate: '2026-02-09', endDate: '2026-03-01' };
    const offsets = offsetsOf(source.start, planned);
    expect(datesFromOffsets(source, { ...offsets, pinnedTo: null })).toEqual(planned);
    expect(datesFromOffsets({ start: '2026-07-06', end: '2026-10-06' }, { ...offsets, pinnedTo: null })).toEqual({
      startDate: '2026-08-10',
      endDate: '2026-08-30',
    });
  });
});

describe('copiedIntoMission', () => {
  it.each([
    ['Project manager', true, false],
    ['  project MANAGER ', true, false],
    ['Project manager', false, true],
    ['Developer', true, true],
    [null, true, true],
  ] as const)('role %j, project has one: %s → copied %s', (role, hasOne, expected) => {
    expect(copiedIntoMission({ role }, hasOne)).toBe(expected);
  });
});

describe('template permissions', () => {
  const owner = 'owner';
  const personal: TemplateFacts = { ownerId: owner, orgId: null, isPrivate: true };
  const shared: TemplateFacts = { ownerId: owner, orgId: 'org', isPrivate: false };
  type Row = [string, TemplateFacts, string, OrgLevel | null, { use: boolean; manage: boolean; share: boolean }];
  it.each<Row>([
    ['personal: its owner', personal, owner, null, { use: true, manage: true, share: true }],
    ['personal: anybody else', personal, 'other', null, { use: false, manage: false, share: false }],
    ['personal: an org admin', personal, 'other', 'ADMIN', { use: false, manage: false, share: false }],
    ['org: owner still a member', shared, owner, 'MEMBER', { use: true, manage: true, share: true }],
    ['org: owner no longer a member', shared, owner, null, { use: false, manage: false, share: false }],
    ['org: admin', shared, 'other', 'ADMIN', { use: true, manage: true, share: false }],
    ['org: manager', shared, 'other', 'MANAGER', { use: true, manage: true, share: false }],
    ['org: limited manager', shared, 'other', 'MANAGER_LIMITED', { use: true, manage: false, share: false }],
    ['org: member', shared, 'other', 'MEMBER', { use: true, manage: false, share: false }],
    ['org: observer', shared, 'other', 'OBSERVER_ORG', { use: true, manage: false, share: false }],
    ['org: outsider', shared, 'other', null, { use: false, manage: false, share: false }],
  ])('%s', (_, template, personId, orgLevel, expected) => {
    const viewer = { personId, orgLevel };
    expect({
      use: canUseTemplate(viewer, template),
      manage: canManageTemplate(viewer, template),
      share: canShareTemplate(viewer, template),
    }).toEqual(expected);
    expect(templateAbilities(viewer, template)).toEqual({ update: expected.manage, delete: expected.manage });
  });
});

describe('template schemas', () => {
  const org = '0123456789abcdef01234567';
  it.each([
    [{ title: 'T' }, true],
    [{ title: 'T', isPrivate: false, org }, true],
    [{ title: 'T', isPrivate: false }, false],
    [{ title: 'T', org }, false],
    [{ title: '  ' }, false],
    [{ title: 'T', extra: 1 }, false],
  ])('create %j valid: %s', (template, valid) => {
    expect(templateCreateSchema.safeParse({ template }).success).toBe(valid);
  });

  it.each([
    [{ allocation: 100, startOffsetDays: 3, durationDays: 4, rate: 12.5 }, true],
    [{ allocation: 101 }, false],
    [{ startOffsetDays: 1.5 }, false],
    [{ durationDays: -1 }, false],
    [{ startOffsetDays: 100000 }, false],
    [{ rate: 1.234 }, false],
    [{ pinnedTo: 'somewhere' }, false],
    [{ type: 'unknown' }, false],
  ])('plan item %j valid: %s', (item, valid) => {
    expect(templatePlanItemInputSchema.safeParse(item).success).toBe(valid);
  });

  it.each([
    [[{ _id: org, title: 'x' }], true],
    [[{ _id: org, isPrivate: false }], true],
    [[{ _id: org, isPrivate: true, org }], false],
    [[{ _id: org }, { _id: org }], false],
    [[], false],
  ])('bulk update %j valid: %s', (templates, valid) => {
    expect(templateBulkUpdateSchema.safeParse({ templates }).success).toBe(valid);
  });
});
