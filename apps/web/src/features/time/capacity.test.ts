import { describe, expect, it } from 'vitest';
import type { LedgerDayView } from '@crewplan/domain/availability/availability';
import { dayCapacities, daysOff } from './capacity.ts';

const day = (date: string, rest: Partial<LedgerDayView> = {}): LedgerDayView => ({
  personId: 'p'.repeat(24),
  day: date,
  contractHours: 8,
  holidayName: null,
  leaveApprovedHours: 0,
  leavePendingHours: 0,
  workFromHome: false,
  allocatedHours: 0,
  scheduledTaskHours: 0,
  approvedTimeHours: 0,
  availableHours: 8,
  ...rest,
});
const role = {
  planItemId: 'r1',
  mission: 'm1',
  missionTitle: 'Harbour',
  title: 'Engineer',
  startDate: '2025-04-01',
  endDate: null,
  allocation: 50,
};

describe('the timesheet capacity row', () => {
  it('takes capacity from the ledger less holidays and leave, and tells the projects, the holiday and the leave', () => {
    const [monday, holiday, leave] = dayCapacities(
      ['2025-04-14', '2025-04-18', '2025-04-17'],
      [
        day('2025-04-14', { allocatedHours: 4 }),
        day('2025-04-18', { holidayName: 'Good Friday', allocatedHours: 4 }),
        day('2025-04-17', { leaveApprovedHours: 8, allocatedHours: 4 }),
      ],
      [role],
    );
    expect(monday).toMatchObject({ capacityHours: 8, plannedHours: 4, bar: 25, over: false });
    expect(monday!.tooltip).toBe('Capacity 8 h\nHarbour · Engineer: 4 h planned');
    expect(holiday).toMatchObject({ capacityHours: 0, over: true });
    expect(holiday!.tooltip).toContain('Public holiday: Good Friday');
    expect(leave).toMatchObject({ capacityHours: 0, over: true });
    expect(leave!.tooltip).toContain('Leave: 8 h');
  });

  it('lists no planned role on a day the ledger books nothing: a whole day of leave takes me off my roles', () => {
    const [leave] = dayCapacities(['2025-04-17'], [day('2025-04-17', { leaveApprovedHours: 8 })], [role]);
    expect(leave).toMatchObject({ capacityHours: 0, plannedHours: 0, over: false });
    expect(leave!.tooltip).toBe('Capacity 0 h\nLeave: 8 h');
  });

  it("says 'Location not set yet' on a working day of an organisation with no holiday country", () => {
    const [monday, sunday] = dayCapacities(
      ['2025-04-14', '2025-04-20'],
      [
        { ...day('2025-04-14'), holidaysKnown: false },
        { ...day('2025-04-20', { contractHours: 0 }), holidaysKnown: false },
      ],
      [],
    );
    expect(monday!.tooltip).toBe('Capacity 8 h\nPublic holidays: Location not set yet');
    expect(sunday!.tooltip).toBe('Capacity 0 h');
    expect(dayCapacities(['2025-04-14'], [{ ...day('2025-04-14'), holidaysKnown: true }], [])[0]!.tooltip).toBe('Capacity 8 h');
  });

  it('shows nothing planned and no capacity on a day the ledger does not know', () => {
    expect(dayCapacities(['2025-04-19'], [], [role])[0]).toMatchObject({ capacityHours: 0, plannedHours: 0, bar: 0, over: false });
  });
});

describe("the days 'Fill from plan' leaves free", () => {
  const week = ['2025-04-14', '2025-04-15', '2025-04-16', '2025-04-17', '2025-04-18', '2025-04-19', '2025-04-20'];
  it('are the weekdays off for the whole day: a holiday or a whole day of leave, not a day without contract hours', () => {
    const ledger = [
      day('2025-04-14'),
      day('2025-04-15', { leaveApprovedHours: 4 }),
      day('2025-04-16', { contractHours: 0 }),
      day('2025-04-17', { leaveApprovedHours: 8 }),
      day('2025-04-18', { holidayName: 'Good Friday' }),
      day('2025-04-19', { contractHours: 0 }),
    ];
    expect([...daysOff(week, ledger)]).toEqual([3, 4]);
  });

  it('keep a day one organisation of mine works on, and a day no ledger knows', () => {
    const ledger = [day('2025-04-18', { holidayName: 'Good Friday' }), day('2025-04-18', { personId: 'q'.repeat(24) })];
    expect([...daysOff(week, ledger)]).toEqual([]);
  });
});
