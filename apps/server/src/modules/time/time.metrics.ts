import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  minutesToHours,
  mondayOf,
  overridesOvertime,
  overtimeByMissionDay,
  overtimeSetting,
  personOvertimeMinutes,
  type OvertimeSetting,
} from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { missions, people } from '../../db/schema/index.ts';
import type { OrgAccess, OrgRow } from '../../plugins/types.ts';
import { leftOrgIds, notAllowed, orgCaller, requireLicensed } from './time.access.ts';

type DayRow = { person: string; mission: string | null; day: string; minutes: number; approved: number };

/**
 * Minutes per person, mission and day of the organisation's submitted and approved sheets between two days: each
 * sheet's seven days are unnested in the database, so only the days asked for leave it.
 */
async function dayMinutes(
  db: Db,
  orgId: string,
  range: { start: string; end: string },
  filter: { people?: string[] | undefined; approvedOnly?: boolean },
): Promise<DayRow[]> {
  const statuses = filter.approvedOnly ? ['approved'] : ['submitted', 'approved'];
  const result = await db.execute<{ person: string; mission: string | null; day: string; minutes: string; approved: string }>(sql`
    select t.person_id as person, t.mission_id as mission, to_char(t.week_start + (d.i - 1)::int, 'YYYY-MM-DD') as day,
           sum(d.minutes) as minutes, sum(case when t.status = 'approved' then d.minutes else 0 end) as approved
    from timesheets t
    cross join lateral unnest(t.daily_minutes) with ordinality as d(minutes, i)
    where t.org_id = ${orgId}
      and t.status in (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})
      and t.week_start between (${range.start}::date - 6) and ${range.end}::date
      and t.week_start + (d.i - 1)::int between ${range.start}::date and ${range.end}::date
      and d.minutes > 0
      ${
        filter.people?.length
          ? sql`and t.person_id in (${sql.join(
              filter.people.map((p) => sql`${p}`),
              sql`, `,
            )})`
          : sql``
      }
    group by 1, 2, 3
    order by 1, 3, 2`);
  return result.rows.map((row) => ({ ...row, minutes: Number(row.minutes), approved: Number(row.approved) }));
}

/** A licensed organisation (rule 180) whose time reports the caller reads (`readsOrgTimeReports`). */
function requireReportReader(access: OrgAccess, now: Date) {
  const org = requireLicensed(access.org, now);
  if (!orgCaller(access).readsReports) throw notAllowed();
  return org;
}

/** The thresholds of the missions that set their own (rule 177), by mission id. */
async function missionThresholds(db: Db, org: OrgRow, rows: readonly DayRow[]): Promise<Map<string, OvertimeSetting>> {
  const ids = [...new Set(rows.map((row) => row.mission).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const columns = await db
    .select({
      id: missions.id,
      overTimeAfterMinutes: missions.overTimeAfterMinutes,
      overTimeAfterDayOrWeek: missions.overTimeAfterDayOrWeek,
    })
    .from(missions)
    .where(and(eq(missions.orgId, org.id), inArray(missions.id, ids)));
  return new Map(columns.filter(overridesOvertime).map((mission) => [mission.id, overtimeSetting(org, mission)]));
}

/** The person's approved minutes per mission and day beyond the thresholds (`overtimeByMissionDay`), by person. */
function overtimeOfPeople(
  rows: readonly DayRow[],
  orgSetting: OvertimeSetting,
  thresholds: ReadonlyMap<string, OvertimeSetting>,
): Map<string, Map<string | null, Map<string, number>>> {
  const byPerson = new Map<string, { day: string; minutes: number; mission: string | null }[]>();
  for (const row of rows) {
    const days = byPerson.get(row.person) ?? [];
    days.push({ day: row.day, minutes: row.approved, mission: row.mission });
    byPerson.set(row.person, days);
  }
  return new Map([...byPerson].map(([person, days]) => [person, overtimeByMissionDay(days, orgSetting, thresholds)]));
}

/**
 * `POST /orgPersonMetrics/missionTimesheetDailyMetrics/list/org/:id`: daily hours per person and mission (the
 * organisation's admins, managers and observers, rule 111), each day with its share of the person's approved hours
 * beyond the thresholds (rule 177) — the mission's own when it sets one, else the organisation's, which counts all the
 * person's other hours of the day together — so that a person's rows add up to their overtime in the report. A weekly
 * threshold counts from the Monday of the first week asked for. Rows of the missions asked for carry their share of
 * all the person's hours.
 */
export async function dailyMetrics(
  db: Db,
  now: Date,
  access: OrgAccess,
  query: { start: string; end: string; people?: string[] | undefined; missions?: string[] | undefined },
) {
  const org = requireReportReader(access, now);
  const allRows = await dayMinutes(db, org.id, { start: mondayOf(query.start), end: query.end }, { people: query.people });
  const thresholds = await missionThresholds(db, org, allRows);
  const orgSetting = overtimeSetting(org);
  const settingOf = (mission: string | null) => (mission !== null && thresholds.get(mission)) || orgSetting;
  const overtime = overtimeOfPeople(allRows, orgSetting, thresholds);
  const asked = query.missions?.length ? new Set<string | null>(query.missions) : null;
  return {
    days: allRows
      .filter((row) => row.day >= query.start && (!asked || asked.has(row.mission)))
      .map((row) => {
        const setting = settingOf(row.mission);
        return {
          person: row.person,
          mission: row.mission,
          day: row.day,
          hours: minutesToHours(row.minutes),
          approvedHours: minutesToHours(row.approved),
          overtimeHours: minutesToHours(overtime.get(row.person)?.get(row.mission)?.get(row.day) ?? 0),
          overtimeAfter: minutesToHours(setting.afterMinutes),
          overtimeMode: setting.mode,
        };
      }),
  };
}

/**
 * `GET /timesheet/org/:orgId/overtime` (the organisation's admins, managers and observers, rule 111): approved hours
 * (rule 173) and overtime per person over the period, and per mission against the mission's own threshold when it
 * sets one, else the organisation's (rule 177). A person's own figure counts their hours on missions with their own
 * threshold against those, and all their other hours together against the organisation's; each mission's figure is
 * its share of that overtime (`overtimeByMissionDay`), as in the daily metrics.
 */
export async function overtimeReport(db: Db, now: Date, access: OrgAccess, period: { otPeriodStart: string; otPeriodEnd: string }) {
  const org = requireReportReader(access, now);
  const range = { start: period.otPeriodStart, end: period.otPeriodEnd };
  const rows = await dayMinutes(db, org.id, range, { approvedOnly: true });
  const thresholds = await missionThresholds(db, org, rows);
  const orgSetting = overtimeSetting(org);
  const byPerson = new Map<string, DayRow[]>();
  for (const row of rows) byPerson.set(row.person, [...(byPerson.get(row.person) ?? []), row]);
  const hoursOf = (days: DayRow[]) => minutesToHours(days.reduce((sum, day) => sum + day.minutes, 0));
  const threshold = (setting: OvertimeSetting) => ({ after: minutesToHours(setting.afterMinutes), mode: setting.mode });
  const overtime = overtimeOfPeople(rows, orgSetting, thresholds);
  const sumOf = (minutes: ReadonlyMap<string, number> | undefined) => [...(minutes?.values() ?? [])].reduce((a, b) => a + b, 0);
  const [names, titles] = await Promise.all([reportedNames(db, org.id, [...byPerson.keys()]), missionTitles(db, org.id, rows)]);
  return {
    start: range.start,
    end: range.end,
    people: [...byPerson].map(([person, days]) => {
      const perMission = new Map<string, DayRow[]>();
      for (const day of days) if (day.mission) perMission.set(day.mission, [...(perMission.get(day.mission) ?? []), day]);
      return {
        person,
        name: names.get(person) ?? null,
        hours: hoursOf(days),
        overtimeHours: minutesToHours(personOvertimeMinutes(days, orgSetting, thresholds)),
        ...threshold(orgSetting),
        missions: [...perMission].map(([mission, missionDays]) => {
          const setting = thresholds.get(mission) ?? orgSetting;
          return {
            mission,
            title: titles.get(mission) ?? null,
            hours: hoursOf(missionDays),
            overtimeHours: minutesToHours(sumOf(overtime.get(person)?.get(mission))),
            ...threshold(setting),
          };
        }),
      };
    }),
  };
}

/** The titles of the report's missions, archived ones included (the screen's list of missions leaves those out). */
async function missionTitles(db: Db, orgId: string, rows: readonly DayRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.mission).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: missions.id, title: missions.title })
    .from(missions)
    .where(and(eq(missions.orgId, orgId), inArray(missions.id, ids)));
  return new Map(found.map((mission) => [mission.id, mission.title]));
}

/**
 * The names the report gives of its people: a team member from outside the organisation keeps weeks on its projects,
 * yet is none of its people, whom the report's screen names; somebody who left it is named by nobody ('Person not found').
 */
async function reportedNames(db: Db, orgId: string, personIds: readonly string[]): Promise<Map<string, string>> {
  if (personIds.length === 0) return new Map();
  const [rows, left] = await Promise.all([
    db
      .select({ id: people.id, firstName: people.firstName, lastName: people.lastName })
      .from(people)
      .where(inArray(people.id, [...personIds])),
    leftOrgIds(db, orgId, personIds),
  ]);
  const named = rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()] as const);
  return new Map(named.filter(([id, name]) => name !== '' && !left.has(id)));
}
