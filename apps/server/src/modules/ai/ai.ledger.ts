import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * The availability ledger's days, as the availability module's `readLedger` gives them (same fields). Until that
 * module is part of the product this reads the same tables in one statement: contract hours on the organisation's
 * working days inside the membership, approved and pending leave from the requests' counted days, and the daily
 * hours of active roles. Holidays, work from home, scheduled tasks and approved time are left to the ledger.
 */
export type LedgerDay = {
  personId: string;
  day: string;
  contractHours: number;
  holidayName: string | null;
  leaveApprovedHours: number;
  leavePendingHours: number;
  workFromHome: boolean;
  allocatedHours: number;
  scheduledTaskHours: number;
  approvedTimeHours: number;
  availableHours: number;
};

type Row = { person_id: string; day: string; contract: string; approved: string; pending: string; allocated: string };

export async function readLedger(
  db: Db,
  q: { orgId: string; personIds?: readonly string[]; from: string; to: string },
): Promise<LedgerDay[]> {
  if (q.personIds && q.personIds.length === 0) return [];
  const people = q.personIds ? sql`and op.person_id = any(${`{${q.personIds.join(',')}}`}::varchar[])` : sql``;
  const result = await db.execute<Row>(sql`
    with o as (select id, days_per_week from orgs where id = ${q.orgId}),
    p as (
      select op.person_id, op.start_date, op.end_date from org_people op join o on o.id = op.org_id where true ${people}
    ),
    d as (select generate_series(${q.from}::date, ${q.to}::date, interval '1 day')::date as day),
    alloc as (
      select pi.person_id, d.day,
        sum(coalesce(
          (select (e->>'hours')::numeric from jsonb_array_elements(pi.daily_hours) e where e->>'date' = to_char(d.day, 'YYYY-MM-DD') limit 1),
          pi.allocation * 8 / 100.0)) as hours
      from plan_items pi
      join missions m on m.id = pi.mission_id and m.org_id = ${q.orgId} and m.archived_at is null and not m.is_template
      join d on d.day between pi.start_date and pi.end_date
      join o on extract(isodow from d.day) <= o.days_per_week
      where pi.person_id in (select person_id from p) and pi.type = 'person' and not pi.inactive and not pi.was_deleted
      group by pi.person_id, d.day
    ),
    lv as (
      select lr.person_id, (e->>'date')::date as day,
        sum(case when lr.status = 'approved' then (e->>'hours')::numeric else 0 end) as approved,
        sum(case when lr.status <> 'approved' then (e->>'hours')::numeric else 0 end) as pending
      from leave_requests lr cross join lateral jsonb_array_elements(lr.days) e
      where lr.org_id = ${q.orgId} and lr.person_id in (select person_id from p)
        and lr.status in ('approved', 'pending_approval', 'pending_final_approval')
        and lr.start_date <= ${q.to}::date and lr.end_date >= ${q.from}::date
      group by 1, 2
    )
    select p.person_id, to_char(d.day, 'YYYY-MM-DD') as day,
      case when extract(isodow from d.day) <= o.days_per_week
        and (p.start_date is null or p.start_date <= d.day) and (p.end_date is null or p.end_date > d.day) then 8 else 0 end as contract,
      coalesce(lv.approved, 0) as approved, coalesce(lv.pending, 0) as pending, coalesce(alloc.hours, 0) as allocated
    from p cross join d cross join o
    left join lv on lv.person_id = p.person_id and lv.day = d.day
    left join alloc on alloc.person_id = p.person_id and alloc.day = d.day
    order by p.person_id, d.day`);
  return result.rows.map((row) => {
    const contractHours = Number(row.contract);
    const leaveApprovedHours = Number(row.approved);
    const allocatedHours = Number(row.allocated);
    return {
      personId: row.person_id,
      day: row.day,
      contractHours,
      holidayName: null,
      leaveApprovedHours,
      leavePendingHours: Number(row.pending),
      workFromHome: false,
      allocatedHours,
      scheduledTaskHours: 0,
      approvedTimeHours: 0,
      availableHours: Math.max(0, contractHours - leaveApprovedHours - allocatedHours),
    };
  });
}
