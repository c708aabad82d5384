import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ManagedRoleCells, MyTimesheets, RoleWeekCell, Timesheet, TimesheetStatus, TimeTrackingOrg } from '@crewplan/domain/time/time';
import type { WeekSave, WeekSaved } from '@crewplan/domain/time/week-save';
import type { MyAvailability } from '@crewplan/domain/availability/availability';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

export type { ManagedRoleCells, MyTimesheets, RoleWeekCell, Timesheet, TimesheetStatus, WeekSave };

/** Every query here starts with 'timesheets': a change heard on `changes/timesheets/<id>` refreshes them all. */
const ROOT = 'timesheets';

/** `GET /timesheet`: my weeks from `from` on, my roles, my tasks of the week `week` and my missing weeks (rule 178). */
export const myTimesheetsQuery = (from: string, week: string) =>
  queryOptions({
    queryKey: [ROOT, 'mine', from, week],
    queryFn: ({ signal }) => api<MyTimesheets>(`/timesheet?from=${from}&week=${week}`, { signal }),
    retry: false,
  });

/** `GET /timesheet/orgs`: where I keep weeks: my organisations that track time, and projects of others I work on from outside. */
export const timeTrackingOrgsQuery = queryOptions({
  queryKey: [ROOT, 'orgs'],
  queryFn: ({ signal }) => api<TimeTrackingOrg[]>('/timesheet/orgs', { signal }),
});

/** `GET /availability/mine`: my availability ledger of the days, in each of my organisations (the grid's capacity row). */
export const myAvailabilityQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['availability', 'mine', from, to],
    queryFn: ({ signal }) => api<MyAvailability>(`/availability/mine?from=${from}&to=${to}`, { signal }),
    retry: false,
  });

/** `GET /timesheet/project-manager`: the weeks of the missions I manage. */
export const managedTimesheetsQuery = queryOptions({
  queryKey: [ROOT, 'managed'],
  queryFn: ({ signal }) => api<Timesheet[]>('/timesheet/project-manager', { signal }),
});

/** `GET /timesheet/project-manager/roles`: the role cells of the weeks of the last 30 days (rule 80). */
export const managedRoleCellsQuery = queryOptions({
  queryKey: [ROOT, 'managed-roles'],
  queryFn: ({ signal }) => api<ManagedRoleCells>('/timesheet/project-manager/roles', { signal }),
});

export type OvertimeFigures = { hours: number; overtimeHours: number; after: number; mode: 'day' | 'week' };
export type OvertimeReport = {
  start: string;
  end: string;
  people: (OvertimeFigures & {
    person: string;
    name: string | null;
    missions: (OvertimeFigures & { mission: string; title: string | null })[];
  })[];
};

export const overtimeQuery = (orgId: string, start: string, end: string) =>
  queryOptions({
    queryKey: [ROOT, 'overtime', orgId, start, end],
    queryFn: ({ signal }) => api<OvertimeReport>(`/timesheet/org/${orgId}/overtime?otPeriodStart=${start}&otPeriodEnd=${end}`, { signal }),
    retry: false,
  });

/** Names of the organisation's people and missions, for the overtime report. */
export const orgNamesQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['orgs', orgId, 'time-names'],
    queryFn: async ({ signal }) => {
      const [people, overview] = await Promise.all([
        api<{ people: { ref: { _id: string; firstName: string; lastName: string } }[] }>(`/v2/orgs/${orgId}/people?limit=1000`, { signal }),
        api<{ missions: { _id: string; title: string }[] }>(`/org/${orgId}/mission/overview`, { signal }).catch(() => ({ missions: [] })),
      ]);
      return {
        people: new Map(people.people.map(({ ref }) => [ref._id, `${ref.firstName} ${ref.lastName}`.trim()])),
        missions: new Map(overview.missions.map((mission) => [mission._id, mission.title])),
      };
    },
  });

/** `PUT /timesheet/week`: the whole week, every role and task row, saved (or submitted) in one request. */
export const saveWholeWeek = (week: WeekSave) => api<WeekSaved>('/timesheet/week', { method: 'PUT', body: week });

export type Decision = { sheet: Timesheet; status: 'approved' | 'rejected'; reason?: string };

/** An approver's decision on a submitted week. */
export const decide = ({ sheet, status, reason }: Decision) =>
  api<Timesheet>(`/timesheet/mission/${sheet.mission}/timesheet/${sheet._id}`, {
    method: 'PUT',
    body: { payload: reason ? { status, reason } : { status } },
  });

/** An approver reopens an approved week: it goes back to its person as a draft (the server checks who may). */
export const reopenWeek = (sheet: Timesheet) =>
  api<Timesheet>(`/timesheet/mission/${sheet.mission}/timesheet/${sheet._id}`, { method: 'PUT', body: { payload: { status: 'draft' } } });

/** The person takes back their own submitted week, not yet decided: it becomes an editable draft again. */
export const recallWeek = (sheet: Timesheet) =>
  api<Timesheet>(`/timesheet/mission/${sheet.mission}/timesheet/${sheet._id}`, { method: 'PUT', body: { payload: { status: 'draft' } } });

const refresh = () => queryClient.invalidateQueries({ queryKey: [ROOT] });

/** Reopening, then every timesheet list read again (the board's weeks among them). */
export const reopenMutation = { mutationFn: reopenWeek, onSettled: refresh };

/** Recalling, then every timesheet list read again (my week among them). */
export const recallMutation = { mutationFn: recallWeek, onSettled: refresh };

export const useSaveWeek = () => useMutation({ mutationFn: saveWholeWeek, onSettled: refresh });

export const useDecide = () =>
  useMutation({ mutationFn: (decisions: Decision[]) => Promise.all(decisions.map(decide)), onSettled: refresh });

export const useReopenWeek = () => useMutation(reopenMutation);

export const useRecallWeek = () => useMutation(recallMutation);

export const useManagedTimesheets = () => useQuery(managedTimesheetsQuery);
export const useManagedRoleCells = () => useQuery(managedRoleCellsQuery);
