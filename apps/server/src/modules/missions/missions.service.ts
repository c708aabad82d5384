import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  can,
  canOnMission,
  DEFAULT_KANBAN_COLUMNS,
  isMissionAdmin,
  repairMissionDates,
  type Mission,
  type MissionCreate,
  type SectionTag,
} from '@crewplan/domain';
import { diffFields, runMissionCommand } from '../../commands/index.ts';
import { missionPeople, missions, orgPeople, orgs, planItems, templates } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { currentMembership, memberFacts, orgNotFound } from '../../plugins/org-access.ts';
import { loadMissionAccess, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext, Principal } from '../../plugins/types.ts';
import { presentCurrent } from './missions.read.ts';
import { checkReferences } from './references.ts';
import { instantiateTemplate } from './template-hook.ts';
import { todayOf } from '../../lib/clock.ts';

/** At most this many personal missions (no organisation) created by one person (`account_limit`). */
export const PERSONAL_MISSION_LIMIT = 200;
/** At most this many missions in one organisation (`account_limit`). */
export const ORG_MISSION_LIMIT = 5000;

/** Title of the section tag every mission has; tasks without a section fall under it and it cannot be changed. */
export const CATCH_ALL_TITLE = 'Catch-all';
/** Role and title of the plan item every new mission starts with (rule 30). */
export const PROJECT_MANAGER_ROLE = 'Project manager';

/** The currency of a personal mission that names none (an organisation's mission takes its organisation's). */
const DEFAULT_CURRENCY = 'USD';

export const accountLimit = () => appError('accountLimit');

/** The organisation a mission is created in, when the caller is a current member allowed to create projects (rule 107). */
async function orgForCreation(ctx: AppContext, orgId: string, personId: string) {
  const [row] = await ctx.db
    .select({ org: orgs, member: orgPeople })
    .from(orgs)
    .innerJoin(orgPeople, and(eq(orgPeople.orgId, orgs.id), eq(orgPeople.personId, personId), currentMembership()))
    .where(and(eq(orgs.id, orgId), isNull(orgs.deletedAt)));
  // Not a member: the organisation is not disclosed (as in the organisation area).
  if (!row) throw orgNotFound();
  if (!can(memberFacts(row.member), 'projects.create', { org: row.org })) throw appError('forbidden');
  return row.org;
}

/**
 * Creates a mission, personal or in an organisation the caller may create projects in (rule 107). The creator joins
 * as admin and project manager; dates are defaulted (rule 23); kanban columns and a catch-all section tag are set;
 * the first plan item is the Project manager role (rules 30–31). With `template`, the template's content is copied in
 * the same transaction. Refused with 402 `account_limit` past `PERSONAL_MISSION_LIMIT` / `ORG_MISSION_LIMIT`.
 */
export async function createMission(ctx: AppContext, principal: Principal, input: MissionCreate): Promise<Mission> {
  const { org: orgId, client, program, goal, template, planStartDate, planEndDate, ...fields } = input;
  const org = orgId ? await orgForCreation(ctx, orgId, principal.personId) : null;
  const missionId = newId();
  const dates = repairMissionDates({ planStartDate: planStartDate ?? null, planEndDate: planEndDate ?? null }, todayOf(ctx.clock));
  const restricted = org?.projectCreationRestricted ?? false;

  await runMissionCommand(ctx, missionId, principal.personId, async (tx, record) => {
    // One creation at a time per owner, so the limit holds under concurrent calls.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mission-create:${org?.id ?? principal.personId}`}))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(missions)
      .where(org ? eq(missions.orgId, org.id) : and(isNull(missions.orgId), eq(missions.createdBy, principal.personId)));
    if ((existing?.n ?? 0) >= (org ? ORG_MISSION_LIMIT : PERSONAL_MISSION_LIMIT)) throw accountLimit();
    await checkReferences(tx, org?.id ?? null, { client, program, goal, departmentTags: input.departmentTags, offices: input.offices });

    const catchAll: SectionTag = { _id: newId(), title: CATCH_ALL_TITLE, from: null, to: null, catchAll: true };
    const [mission] = await tx
      .insert(missions)
      .values({
        ...fields,
        // money is counted in the organisation's currency unless the mission names its own
        currency: fields.currency ?? org?.currency ?? DEFAULT_CURRENCY,
        id: missionId,
        orgId: org?.id ?? null,
        clientId: client ?? null,
        programId: program ?? null,
        goalId: goal ?? null,
        planStartDate: dates.planStartDate,
        planEndDate: dates.planEndDate,
        cols: DEFAULT_KANBAN_COLUMNS.map((col) => ({ ...col })),
        sectionTags: [catchAll],
        createdBy: principal.personId,
      })
      .returning();
    await tx.insert(missionPeople).values({
      missionId,
      personId: principal.personId,
      email: principal.email,
      permission: 2,
      isProjectManager: true,
      addedBy: principal.personId,
    });
    const [role] = await tx
      .insert(planItems)
      .values({
        missionId,
        type: 'person',
        title: PROJECT_MANAGER_ROLE,
        role: PROJECT_MANAGER_ROLE,
        personId: restricted ? null : principal.personId,
        allocation: 100,
        pinnedTo: 'entireMission',
        startDate: dates.planStartDate,
        endDate: dates.planEndDate,
        rateMinor: 0,
        billRateMinor: 0,
        rateTime: restricted ? 'Hourly' : (org?.roleDefaultRateTime ?? 'Monthly'),
        createdBy: principal.personId,
      })
      .returning();
    if (template)
      await instantiateTemplate(tx, { templateId: template, missionId, personId: principal.personId, today: todayOf(ctx.clock) });
    record({ action: 'create', entity: 'missions', id: missionId, title: mission!.title, changes: diffFields({}, { ...input }) });
    record({
      action: 'create',
      entity: 'mission.people',
      id: principal.personId,
      title: principal.email,
      changes: { permission: { from: null, to: 2 } },
    });
    record({ action: 'create', entity: 'plan.items', id: role!.id, title: role!.title });
  });
  const access = await loadMissionAccess(ctx.db, missionId, principal.personId);
  return presentCurrent(ctx.db, access!, ctx.clock.now());
}

/**
 * Deletes a mission and the project or template mission linked to it (rule 32), when the caller may delete that one
 * too. Deleted missions are archived: they answer 404 from then on and leave every list.
 */
export async function deleteMission(ctx: AppContext, access: MissionAccess): Promise<{ deleted: string[] }> {
  const { mission } = access;
  // A template mission points back at the project it was saved from: deleting the template never deletes that project.
  const linkedIds = (mission.isTemplate ? [] : [mission.linkedProject, mission.linkedTemplate]).filter(
    (id): id is string => !!id && id !== mission.id,
  );
  const linked: string[] = [];
  for (const id of new Set(linkedIds)) {
    const other = await loadMissionAccess(ctx.db, id, access.personId);
    if (other && canOnMission(other.actor, 'mission.delete', other.facts)) linked.push(id);
  }
  const deleted = [mission.id, ...linked];
  const unlinked = await runMissionCommand(ctx, mission.id, access.personId, async (tx, record) => {
    await tx
      .update(missions)
      .set({ archivedAt: ctx.clock.now() })
      .where(and(inArray(missions.id, deleted), isNull(missions.archivedAt)));
    // A deleted template mission takes its template with it (rule 32: the linked template is deleted too).
    await tx.delete(templates).where(inArray(templates.missionId, deleted));
    // The projects kept (a template's source) no longer point at a deleted template, as when the template is deleted.
    const sources = await tx
      .update(missions)
      .set({ linkedTemplate: null })
      .where(and(inArray(missions.linkedTemplate, deleted), isNull(missions.archivedAt)))
      .returning({ id: missions.id });
    record({ action: 'delete', entity: 'missions', id: mission.id, title: mission.title });
    return sources.map(({ id }) => id);
  });
  for (const id of linked)
    await ctx.events.emit('mission.changed', { missionId: id, changes: [{ type: 'delete', entity: 'missions', id }] });
  for (const id of unlinked)
    await ctx.events.emit('mission.changed', {
      missionId: id,
      changes: [{ type: 'update', entity: 'missions', id, data: { linkedTemplate: null } }],
    });
  return { deleted };
}

/** Rule 110: turning autoAssign on or off is for project managers and mission admins (and organisation admins). */
export function checkAutoAssign(access: MissionAccess, autoAssign: boolean | undefined): void {
  if (autoAssign === undefined || autoAssign === access.mission.autoAssign) return;
  const member = access.member && !access.member.invitePending ? access.member : null;
  if (!isMissionAdmin(member) && access.actor.orgLevel !== 'ADMIN') {
    throw appError('autoAssignManagersOnly');
  }
}
