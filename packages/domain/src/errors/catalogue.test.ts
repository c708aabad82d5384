import { describe, expect, it } from 'vitest';
import { ERROR_AREAS, ERRORS, errorOf, type ErrorArgs, type ErrorName } from './catalogue.ts';

/** Codes the API answered with two statuses before the catalogue, kept so that no client sees a change. */
const TWO_STATUSES: Record<string, readonly number[]> = {
  // 503 to a person asking for billing; 404 to the provider's webhook while payments are not set up
  'billing/not-configured': [404, 503],
  // 404 on the connected-account routes; 422 when a proposal is paid and the organisation has none
  'billing/no-connected-account': [404, 422],
};

/** The plain codes that predate the `area/what` form. */
const PLAIN_CODES = new Set([
  'validation',
  'forbidden',
  'not_found',
  'account_limit',
  'not_part_of_mission',
  'too_many_requests',
  'not_ready',
  'LIMIT_FILE_SIZE',
  'LIMIT_FILE',
]);

type Valued = { [N in ErrorName]: ErrorArgs<N> extends [] ? never : N }[ErrorName];

/** A value for every failure whose text or fields need one (the type checker asks for each new one). */
const SAMPLES: { [N in Valued]: ErrorArgs<N> } = {
  invalidInput: [{ message: 'The field "name" is required.', fields: { name: 'Required' } }],
  routeRefused: ['Only organization admins can do this.'],
  fileTooLarge: [25],
  tooManyFiles: [10],
  imageNotMultipart: ['logo'],
  imageFieldMissing: ['logo'],
  personalHasNo: ['client'],
  unknownReference: ['client'],
  personalHasNoGroups: ['offices'],
  unknownGroup: ['offices'],
  taskUnknownColumn: ['🚀'],
  planMoneyForbidden: [['rate', 'billRate']],
  planTaskUnknown: [2],
  rolePlanNotFound: ['rolePlanItemIds'],
  rolePlanNotInOrg: [['roleIds', 'personId']],
  rolePlanMerged: ['rolePlanItemIds'],
  rolePlanDatesBackwards: ['endDate'],
  staffingRoleNotFound: ['missionPlanIds.0'],
  staffingSessionNotFound: ['sessionId'],
  staffingPersonNotFound: ['assignedRoles.0.personId'],
  staffingNotYourRole: ['missionPlanIds.0'],
  staffingNotARole: ['missionPlanIds.0'],
  staffingRoleWithoutDates: ['missionPlanIds.0'],
  staffingShiftTooFar: ['startDate'],
  staffingRolesTooLong: ['rolesNeeded.0.missionPlanId'],
  structureItemNotFound: ['office'],
  orgRoleInUse: ['2 people'],
  orgDepartmentInUse: ['2 people'],
  orgOfficeInUse: ['2 people'],
  orgProgramInUse: ['1 goal'],
  orgGoalInUse: ['1 program'],
  orgDepartmentRestricted: ['You can only move people within your departments.'],
  orgOfficeRestricted: ['You can only move people within your offices.'],
  orgAccessRestricted: ['You can only grant access you have.'],
  orgDatesBackwards: ['startDate'],
  alreadyOnTeam: ['ada@example.com'],
  inviteEmailMismatch: ['ada@example.com'],
  inviteNoClearance: ['You cannot invite at this level.'],
  ssoDomainNotApproved: ['example.com'],
  ssoAlreadyConfigured: ['example.com', 'microsoft'],
  ssoInvalidProvider: ['invalid issuer'],
  noExchangeRate: ['USD', '2026-01-05'],
  unknownCurrency: ['XXY'],
  invoiceNumberBackwards: ['INV-0007'],
  clientNextNumberBackwards: ['0008'],
  invoiceBadStatus: ['paid', 'draft'],
  timesheetInvoiced: ['0007', 'sent'],
  milestoneInvoiced: ['0007', 'paid'],
  cardDeclined: ['Your card was declined.'],
  providerNotFound: [''],
  providerRefused: [''],
  timeOverDay: [3],
  timeUnknownTask: ['payload.actionItems.0._id'],
  timeTaskOutsideWeek: ['rows.0'],
  timeUnknownRole: ['rows.0.role'],
  timeRoleInactive: ['rows.0.role'],
  timeOutsideRole: ['rows.0.week'],
  timeNotYourTask: ['rows.0'],
  timeNotYourRole: ['rows.0.role'],
  timeNoProjectRole: ['rows.0'],
  leaveWrongStatus: ['pending_approval'],
  leaveNoEntitlement: [2027],
  leaveNotEnough: [2],
  leaveTimesPerYear: [3],
  leaveHours: [{ field: 'hours', reason: 'dayTooLong' }],
  plannerDatesBackwards: ['endDate'],
};

const argsOf = (name: ErrorName) => (SAMPLES as Partial<Record<ErrorName, unknown[]>>)[name] ?? [];
const filled = (name: ErrorName) => (errorOf as (n: ErrorName, ...a: unknown[]) => ReturnType<typeof errorOf>)(name, ...argsOf(name));

describe('the error catalogue', () => {
  it('names each failure once across its areas', () => {
    const names = Object.values(ERROR_AREAS).flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(ERRORS).sort()).toEqual([...names].sort());
  });

  it('gives each code one status (and the two older codes their two)', () => {
    const statuses = new Map<string, Set<number>>();
    for (const entry of Object.values(ERRORS)) statuses.set(entry.code, (statuses.get(entry.code) ?? new Set()).add(entry.status));
    for (const [code, seen] of statuses) expect([...seen].sort(), code).toEqual([...(TWO_STATUSES[code] ?? [...seen].slice(0, 1))]);
  });

  it('uses codes of the area/what form or a known plain code', () => {
    for (const [name, entry] of Object.entries(ERRORS)) {
      expect(PLAIN_CODES.has(entry.code) || /^[a-z]+(-[a-z]+)*\/[a-z]+([-_][a-z]+)*$/.test(entry.code), `${name}: ${entry.code}`).toBe(
        true,
      );
    }
  });

  it('answers a 4xx or 5xx status with a text, and fields of text, for every failure', () => {
    for (const name of Object.keys(ERRORS) as ErrorName[]) {
      const { status, message, fields } = filled(name);
      expect(status, name).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(600);
      expect(message.trim().length, name).toBeGreaterThan(0);
      for (const [field, text] of Object.entries(fields ?? {})) {
        expect(field.length, name).toBeGreaterThan(0);
        expect(text.trim().length, `${name}.${field}`).toBeGreaterThan(0);
      }
    }
  });

  it('fills texts and fields with values and keeps the spec’s words', () => {
    expect(errorOf('forbidden')).toEqual({ code: 'forbidden', status: 403, message: 'You do not have permission to do this.' });
    expect(errorOf('fileTooLarge', 25)).toMatchObject({ code: 'LIMIT_FILE_SIZE', status: 413 });
    expect(errorOf('fileTooLarge', 25).message).toContain('25');
    expect(errorOf('commentEmpty').fields).toEqual({ text: 'Empty' });
    expect(errorOf('rolePlanDatesBackwards', 'endDate').fields).toEqual({ endDate: errorOf('rolePlanDatesBackwards', 'endDate').message });
    expect(errorOf('planTaskUnknown', 2).fields).toEqual({ 'raciOnTasks.2.taskId': 'This task is not a task of the project.' });
    expect(errorOf('ssoAlreadyConfigured', 'example.com', 'microsoft').message).toBe('example.com already has a Microsoft setup.');
    expect(errorOf('orgDuplicateOffice').message).toBe('Sorry but a office with this name already exists.');
    expect(errorOf('providerRefused', '').message.length).toBeGreaterThan(0);
  });
});

describe('counts in messages', () => {
  it.each([
    [1, 'This leave can be requested once a year.'],
    [3, 'This leave can be requested 3 times a year.'],
  ])('a leave asked at most %d a year', (times, text) => {
    expect(errorOf('leaveTimesPerYear', times).message).toBe(text);
  });
});
