import { describe, expect, it } from 'vitest';
import { clientOrderCreateSchema } from '../invoices/clients.ts';
import { moneySchema, toMinorUnits } from '../shared/inputs.ts';
import { orgInviteCreateSchema } from './invites.ts';
import { orgCreateSchema, orgUpdateSchema } from './org.ts';
import { orgPeopleQuerySchema } from './people.ts';
import { LEAVE_CODE_MAX_HOURS, LEAVE_SETTINGS_MESSAGES, leaveCodeSchema } from './settings.ts';
import { programCreateSchema } from './structure.ts';

describe('organisation bodies', () => {
  it('an organisation needs a title; every other setting is optional', () => {
    expect(orgCreateSchema.safeParse({}).success).toBe(false);
    expect(orgCreateSchema.parse({ title: ' Acme ' })).toEqual({ title: 'Acme' });
    expect(orgUpdateSchema.parse({})).toEqual({});
  });

  it('licence flags are not settings', () => {
    expect(orgUpdateSchema.safeParse({ isLicensedActive: true }).success).toBe(false);
  });

  it('a leave code gets its defaults', () => {
    expect(leaveCodeSchema.parse({ id: 'sick', description: 'Sick leave' })).toEqual({
      id: 'sick',
      code: '',
      description: 'Sick leave',
      fixed: false,
      isProjectLevel: false,
      days: [],
      comments: '',
      minHours: null,
      maxHours: null,
      allowHalfDays: false,
      timesPerYear: null,
      hideReason: false,
    });
  });
});

describe('leave code bounds', () => {
  const code = (fields: Record<string, unknown>) => leaveCodeSchema.safeParse({ id: 'x', description: 'X', ...fields });
  it.each([
    [{ minHours: 1, maxHours: 8 }, null],
    [{ minHours: 8, maxHours: 8 }, null],
    [{ minHours: null, maxHours: 32 }, null],
    [{ minHours: 0, maxHours: null }, null],
    [{ minHours: 9, maxHours: 8 }, 'maxHours'],
    [{ minHours: -1 }, 'minHours'],
    [{ maxHours: LEAVE_CODE_MAX_HOURS + 1 }, 'maxHours'],
    [{ minHours: LEAVE_CODE_MAX_HOURS }, null],
  ])('%j → refused at %s', (fields, path) => {
    const result = code(fields);
    expect(result.success ? null : result.error.issues[0]!.path.join('.')).toBe(path);
  });

  it('says why the bounds are refused', () => {
    expect(code({ minHours: 9, maxHours: 8 }).error?.issues[0]?.message).toBe(LEAVE_SETTINGS_MESSAGES.minAboveMax);
  });

  it('refuses days per week outside 1–7 and codes with the same id', () => {
    expect(orgUpdateSchema.safeParse({ daysPerWeek: 0 }).success).toBe(false);
    expect(orgUpdateSchema.safeParse({ daysPerWeek: 8 }).success).toBe(false);
    expect(orgUpdateSchema.safeParse({ daysPerWeek: 7 }).success).toBe(true);
    const twice = [
      { id: 'a', description: 'A' },
      { id: 'a', description: 'B' },
    ];
    expect(orgUpdateSchema.safeParse({ leaveCodes: twice }).success).toBe(false);
  });
});

describe('invite body (spec 3 §7)', () => {
  it.each([
    [{ inviteeEmail: 'Ann@Acme.com ' }, { inviteeEmail: 'ann@acme.com', config: { permission: 'MEMBER' }, message: '' }],
    [
      { inviteeEmail: 'ann@acme.com', config: { permission: 2 } },
      { inviteeEmail: 'ann@acme.com', config: { permission: 'ADMIN' }, message: '' },
    ],
    [
      { inviteeEmail: 'ann@acme.com', config: { permission: 'MANAGER_LIMITED' }, message: 'Hi' },
      { inviteeEmail: 'ann@acme.com', config: { permission: 'MANAGER_LIMITED' }, message: 'Hi' },
    ],
  ])('%j → %j', (body, parsed) => {
    expect(orgInviteCreateSchema.parse(body)).toEqual(parsed);
  });

  it("refuses a bad email with the spec's text", () => {
    const result = orgInviteCreateSchema.safeParse({ inviteeEmail: 'ann@acme' });
    expect(result.error?.issues[0]?.message).toBe('The email you entered appears incorrect.');
  });
});

describe('programs take their fields directly, or wrapped as program or payload', () => {
  it.each([{ title: 'P' }, { program: { title: 'P' } }, { payload: { title: 'P' } }])('%j', (body) => {
    expect(programCreateSchema.parse(body)).toEqual({ title: 'P', portfolio: null, managers: [] });
  });

  it('refuses both wrappers at once, and unknown keys', () => {
    expect(programCreateSchema.safeParse({ program: { title: 'P' }, payload: { title: 'Q' } }).success).toBe(false);
    expect(programCreateSchema.safeParse({ title: 'P', colour: 'red' }).success).toBe(false);
  });
});

describe('money is exact to the cent', () => {
  it.each([
    [0, true, 0],
    [12.5, true, 1250],
    [1234.56, true, 123456],
    [0.1, true, 10],
    [1.005, false, null],
    [-1, false, null],
  ] as const)('%d → valid %s', (amount, valid, minor) => {
    expect(moneySchema.safeParse(amount).success).toBe(valid);
    if (minor !== null) expect(toMinorUnits(amount)).toBe(minor);
  });

  it('an order may not end before it starts', () => {
    expect(clientOrderCreateSchema.safeParse({ code: 'A', startDate: '2026-02-01', endDate: '2026-01-31' }).success).toBe(false);
    expect(clientOrderCreateSchema.safeParse({ code: 'A', startDate: '2026-02-01', endDate: '2026-02-01' }).success).toBe(true);
  });
});

describe('people table query', () => {
  it('reads flags and numbers from the query string', () => {
    expect(orgPeopleQuerySchema.parse({ includeEnded: '1', limit: '20' })).toMatchObject({ includeEnded: true, limit: 20, offset: 0 });
    expect(orgPeopleQuerySchema.parse({})).toMatchObject({ includeEnded: false, limit: 200 });
    expect(orgPeopleQuerySchema.safeParse({ includeEnded: 'yes' }).success).toBe(false);
  });
});
