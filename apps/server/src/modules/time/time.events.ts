import { and, eq } from 'drizzle-orm';
import { CHANGE_ROOM_PREFIXES, changeRooms, type Change } from '@crewplan/domain';
import { missionPeople, orgPeople } from '../../db/schema/index.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import { loadMissionAccess } from '../../plugins/mission-access.ts';
import type { TimesheetChange } from '../../events/bus.ts';
import type { AppContext } from '../../plugins/types.ts';
import { approvesMissionTime, decidesOrgTime, leftOrgIds } from './time.access.ts';

/** `changes/timesheets/<id>`: a person's own sheets (their id), or a mission's or organisation's for who decides them. */
export const TIMESHEET_ROOM_PREFIX = CHANGE_ROOM_PREFIXES.timesheets;
export const timesheetRoom = changeRooms.timesheets;

/** Who may listen to a timesheet room, and what the rooms hear after each committed sheet write (ids and status only). */
export function subscribeTimeEvents(ctx: AppContext): void {
  ctx.realtime.registerRoom(TIMESHEET_ROOM_PREFIX, async (principal, id) => {
    if (id === principal.personId) return true;
    const access = await loadMissionAccess(ctx.db, id, principal.personId);
    if (access) return !access.withheld && approvesMissionTime(access);
    const [member] = await ctx.db
      .select({ level: orgPeople.level })
      .from(orgPeople)
      .where(and(eq(orgPeople.orgId, id), eq(orgPeople.personId, principal.personId), currentMembership()));
    return decidesOrgTime(member?.level);
  });

  ctx.events.on('timesheets.changed', ({ sheets }) => {
    const byRoom = new Map<string, Change<'timesheets'>[]>();
    for (const sheet of sheets) {
      const change = changeOfSheet(sheet);
      for (const id of [sheet.personId, sheet.orgId, sheet.missionId]) {
        if (!id) continue;
        const room = timesheetRoom(id);
        byRoom.set(room, [...(byRoom.get(room) ?? []), change]);
      }
    }
    for (const [room, changes] of byRoom) ctx.realtime.publish(room, oneMessage(changes));
  });
}

function changeOfSheet(sheet: TimesheetChange): Change<'timesheets'> {
  return {
    type: sheet.status === 'deleted' ? 'delete' : sheet.from === null ? 'create' : 'update',
    entity: 'timesheets',
    id: sheet.timesheetId,
    data: { status: sheet.status, person: sheet.personId, weekStart: sheet.weekStart, mission: sheet.missionId },
  };
}

/** A room hears one message per write: the sheet's own, or for a week of many sheets every id (clients read again). */
function oneMessage(changes: Change<'timesheets'>[]): Change<'timesheets'> {
  if (changes.length === 1) return changes[0]!;
  return { type: 'update', entity: 'timesheets', id: changes[0]!.id, data: { ids: changes.map((change) => change.id) } };
}

/**
 * The people told of a submitted week: its mission's project managers and owners (not those who left its organisation),
 * else the organisation's admins.
 */
export async function timesheetApprovers(ctx: AppContext, event: { orgId: string; missionId: string | null; personId: string }) {
  if (event.missionId) {
    const team = await ctx.db
      .select({ personId: missionPeople.personId, permission: missionPeople.permission, isProjectManager: missionPeople.isProjectManager })
      .from(missionPeople)
      .where(and(eq(missionPeople.missionId, event.missionId), eq(missionPeople.invitePending, false)));
    const admins = team
      .filter((row) => row.permission === 2 || (row.permission === 1 && row.isProjectManager))
      .map((row) => row.personId)
      .filter((personId) => personId !== event.personId);
    const left = await leftOrgIds(ctx.db, event.orgId, admins);
    const staying = admins.filter((personId) => !left.has(personId));
    if (staying.length > 0) return staying;
  }
  const members = await ctx.db
    .select({ personId: orgPeople.personId, level: orgPeople.level })
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, event.orgId), currentMembership()));
  return members.filter((row) => decidesOrgTime(row.level) && row.personId !== event.personId).map((row) => row.personId);
}
