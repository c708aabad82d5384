import type { Timesheet } from '@crewplan/domain/time/time';

/** A timesheet for the feature's tests: a draft role week of 23 Nov 2026 with no hours, changed by `over`. */
export function testTimesheet(over: Partial<Timesheet>): Timesheet {
  const dailyHours = over.dailyHours ?? [0, 0, 0, 0, 0, 0, 0];
  return {
    _id: 's1',
    org: 'o',
    mission: 'm',
    planItemId: 'r',
    orgRole: null,
    person: 'p',
    belongsToOrg: false,
    weekStart: '2026-11-23',
    weekEnd: '2026-11-29',
    status: 'draft',
    form: 'role',
    dailyHours,
    totalHours: dailyHours.reduce((sum, hours) => sum + hours, 0),
    actionItems: [],
    snapshot: {},
    rejectionReason: null,
    submittedAt: null,
    decidedAt: null,
    decidedBy: null,
    createdAt: '',
    updatedAt: '',
    ...over,
  };
}
