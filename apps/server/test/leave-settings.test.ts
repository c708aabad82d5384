import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEAVE_CODES, LEAVE_SETTINGS_MESSAGES, type HolidayCountries } from '@crewplan/domain';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { createOrg, errorOf, expectStatus } from './support/org.ts';

/**
 * The organisation's leave settings (spec 2 §3, rules 216, 219, 224): holiday country, days per week, carry-over and
 * the leave codes, saved with the organisation's settings (`PUT /org/:id`), checked whole.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;

const token = (caller: Caller) => world.people[caller].token;
const put = (caller: Caller | null, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/org/${world.orgId}`, ...(caller ? { token: token(caller) } : {}), payload });
const code = (fields: Record<string, unknown>) => ({ id: 'blood', code: 'BD', description: 'Blood donation', ...fields });

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
});
afterAll(async () => t.close());

describe('GET /people-leave/holiday-countries', () => {
  it('lists the countries whose public holidays the library knows, by name; signed-out callers get 401', async () => {
    const response = await t.request({ method: 'GET', url: '/api/people-leave/holiday-countries', token: token('p0') });
    expectStatus(response, 200);
    const { countries } = response.json() as HolidayCountries;
    expect(countries).toContainEqual({ code: 'GR', name: 'Greece' });
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(countries.length).toBeGreaterThan(100);
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expectStatus(await t.request({ method: 'GET', url: '/api/people-leave/holiday-countries' }), 401);
  });
});

describe('leave settings through PUT /org/:id', () => {
  it('a new organisation has the default leave codes (rule 219)', async () => {
    const org = await createOrg(t, token('p0'));
    expect(org.leaveCodes).toEqual(DEFAULT_LEAVE_CODES);
  });

  it('admins and managers save the country, week, carry-over and every field of a code', async () => {
    const codes = [
      ...DEFAULT_LEAVE_CODES,
      code({
        fixed: true,
        isProjectLevel: false,
        days: [{ year: 2026, amount: 4 }],
        comments: 'Twice a year',
        minHours: 2,
        maxHours: 16,
        allowHalfDays: true,
        timesPerYear: 2,
        hideReason: true,
      }),
    ];
    const saved = await put('orgAdmin', {
      holidayCountryCode: 'GR',
      daysPerWeek: 6,
      carryOverAnnualLeaveCutOff: '03-31',
      carryOverAnnualLeaveAmount: 5,
      carryOverAnnualLeaveFx: 'fixed',
      leaveCodes: codes,
    });
    expectStatus(saved, 200);
    expect(saved.json()).toMatchObject({
      holidayCountryCode: 'GR',
      daysPerWeek: 6,
      carryOverAnnualLeaveCutOff: '03-31',
      carryOverAnnualLeaveAmount: 5,
      carryOverAnnualLeaveFx: 'fixed',
      leaveCodes: codes,
    });
    const byManager = await put('orgManager', { leaveCodes: DEFAULT_LEAVE_CODES, holidayCountryCode: null, daysPerWeek: 5 });
    expectStatus(byManager, 200);
    expect(byManager.json()).toMatchObject({ leaveCodes: DEFAULT_LEAVE_CODES, holidayCountryCode: null, daysPerWeek: 5 });
  });

  it('members, observers and outsiders cannot; signed-out callers get 401', async () => {
    for (const [caller, status] of [
      ['orgMember', 403],
      ['orgObserver', 403],
      ['p1pm', 403],
      ['outsider', 404],
    ] as const)
      expectStatus(await put(caller, { daysPerWeek: 4 }), status);
    expectStatus(await put(null, { daysPerWeek: 4 }), 401);
  });

  it.each([
    ['an unknown holiday country', { holidayCountryCode: 'XX' }, 'holidayCountryCode', LEAVE_SETTINGS_MESSAGES.unknownHolidayCountry],
    ['a lower-case country', { holidayCountryCode: 'gr' }, 'holidayCountryCode', null],
    ['no working day in the week', { daysPerWeek: 0 }, 'daysPerWeek', null],
    ['eight working days in the week', { daysPerWeek: 8 }, 'daysPerWeek', null],
    ['a cut-off that is no month-day', { carryOverAnnualLeaveCutOff: '13-01' }, 'carryOverAnnualLeaveCutOff', null],
    [
      'a cut-off on a day its month does not have',
      { carryOverAnnualLeaveCutOff: '02-31' },
      'carryOverAnnualLeaveCutOff',
      LEAVE_SETTINGS_MESSAGES.cutOffNotADay,
    ],
    [
      'a carry-over of more than 100 percent',
      { carryOverAnnualLeaveAmount: 150, carryOverAnnualLeaveFx: 'percent' },
      'carryOverAnnualLeaveAmount',
      LEAVE_SETTINGS_MESSAGES.carryOverAtMost,
    ],
    ['a carry-over neither percent nor fixed', { carryOverAnnualLeaveFx: 'half' }, 'carryOverAnnualLeaveFx', null],
    [
      'fewer hours above the most',
      { leaveCodes: [code({ minHours: 9, maxHours: 8 })] },
      'leaveCodes.0.maxHours',
      LEAVE_SETTINGS_MESSAGES.minAboveMax,
    ],
    ['negative hours', { leaveCodes: [code({ minHours: -1 })] }, 'leaveCodes.0.minHours', null],
    ['a code without a description', { leaveCodes: [code({ description: '' })] }, 'leaveCodes.0.description', null],
    ['two codes with one id', { leaveCodes: [code({}), code({ description: 'Again' })] }, 'leaveCodes', null],
  ])('refuses %s with 400 naming the field', async (_label, payload, field, message) => {
    const response = await put('orgAdmin', payload);
    expectStatus(response, 400);
    const error = errorOf(response);
    expect(error.code).toBe('validation');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    if (message) expect(error.fields?.[field]).toBe(message);
  });

  it('refuses an unknown holiday country when an organisation is created too', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/org',
      token: token('p0'),
      payload: { title: 'Nowhere', holidayCountryCode: 'XX' },
    });
    expectStatus(response, 400);
    expect(errorOf(response).fields).toEqual({ holidayCountryCode: LEAVE_SETTINGS_MESSAGES.unknownHolidayCountry });
  });
});
