import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { KanbanColumn, MissionKpi, MissionTheme, SectionTag } from '@crewplan/domain';
import { hoursColumn, idColumn, timestamps } from './columns.ts';
import { clients } from './invoices.ts';
import { goals, orgs, programs } from './org.ts';
import { people } from './people.ts';

const personRef = (name: string) => varchar(name, { length: 24 }).references(() => people.id, { onDelete: 'set null' });
const idArray = (name: string) =>
  varchar(name, { length: 24 })
    .array()
    .notNull()
    .default(sql`'{}'`);
const missionRef = () =>
  varchar('mission_id', { length: 24 })
    .notNull()
    .references(() => missions.id, { onDelete: 'cascade' });

/**
 * A mission (project) with every field of the spec's Mission entity (1 §3). Section tags, kanban columns and
 * KPIs are small ordered lists edited through their own calls and always read with the mission: JSONB.
 * A mission without an organisation is a personal project (free plan, 5 slots).
 */
export const missions = pgTable(
  'missions',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 }).references(() => orgs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    projectCode: text('project_code'),
    clientId: varchar('client_id', { length: 24 }).references(() => clients.id, { onDelete: 'set null' }),
    programId: varchar('program_id', { length: 24 }).references(() => programs.id, { onDelete: 'set null' }),
    goalId: varchar('goal_id', { length: 24 }).references(() => goals.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    planStartDate: date('plan_start_date', { mode: 'string' }),
    planEndDate: date('plan_end_date', { mode: 'string' }),
    forecastStartDate: date('forecast_start_date', { mode: 'string' }),
    forecastEndDate: date('forecast_end_date', { mode: 'string' }),
    sectionTags: jsonb('section_tags').$type<SectionTag[]>().notNull().default([]),
    cols: jsonb('cols').$type<KanbanColumn[]>().notNull().default([]),
    kpis: jsonb('kpis').$type<MissionKpi[]>().notNull().default([]),
    projectStatus: varchar('project_status', { length: 12 }).notNull().default('active'),
    missionStop: timestamp('mission_stop', { withTimezone: true }),
    kickedOff: boolean('kicked_off').notNull().default(false),
    projectType: varchar('project_type', { length: 10 }).notNull().default('simple'),
    type: varchar('type', { length: 24 }),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    budgetAvailableMinor: bigint('budget_available_minor', { mode: 'number' }),
    noTimesheets: boolean('no_timesheets').notNull().default(false),
    /** The mission's own overtime threshold (rule 177), whole minutes; null keeps the organisation's. */
    overTimeAfterMinutes: integer('over_time_after_minutes'),
    overTimeAfterDayOrWeek: varchar('over_time_after_day_or_week', { length: 4 }),
    notBillable: boolean('not_billable').notNull().default(false),
    billUsingMilestones: boolean('bill_using_milestones').notNull().default(false),
    departmentTags: idArray('department_tags'),
    offices: idArray('offices'),
    inviteDomains: text('invite_domains')
      .array()
      .notNull()
      .default(sql`'{}'`),
    theme: jsonb('theme').$type<MissionTheme>(),
    isTemplate: boolean('is_template').notNull().default(false),
    isTemplateSaved: boolean('is_template_saved').notNull().default(false),
    isModel: boolean('is_model').notNull().default(false),
    isProposal: boolean('is_proposal').notNull().default(false),
    isProcess: boolean('is_process').notNull().default(false),
    createdFromGtCrm: boolean('created_from_gt_crm').notNull().default(false),
    linkedTemplate: varchar('linked_template', { length: 24 }),
    linkedProject: varchar('linked_project', { length: 24 }).references((): AnyPgColumn => missions.id, { onDelete: 'set null' }),
    proposalLinkId: varchar('proposal_link_id', { length: 24 }),
    autoAssign: boolean('auto_assign').notNull().default(true),
    defaultTaskCode: varchar('default_task_code', { length: 12 }),
    /** Rule 50's counter: the prefix it counts and the last number handed out (the next code is prefix-(seq+1)). */
    taskCodePrefix: varchar('task_code_prefix', { length: 12 }),
    taskCodeSeq: integer('task_code_seq').notNull().default(0),
    isLicensedActive: boolean('is_licensed_active').notNull().default(false),
    /** Power projects schedule on weekends too. */
    includeWeekends: boolean('include_weekends').notNull().default(false),
    /** When an admin or project manager last opened this simple or kanban project (copying tasks needs one visit). */
    managerVisitedAt: timestamp('manager_visited_at', { withTimezone: true }),
    licensedBy: varchar('licensed_by', { length: 8 }).$type<'key' | 'promo'>(),
    createdBy: personRef('created_by'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('missions_org_idx').on(t.orgId), index('missions_linked_project_idx').on(t.linkedProject)],
);

/**
 * A person on a mission (spec 1 §3 Mission person): permission 0–5, project-manager flag, role and custom role.
 * `invitePending` stays true until the invite is accepted. Departments, office and approval flags come from the
 * organisation membership and are joined in when presented.
 */
export const missionPeople = pgTable(
  'mission_people',
  {
    id: idColumn(),
    missionId: missionRef(),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    permission: smallint('permission').notNull().default(0),
    isProjectManager: boolean('is_project_manager').notNull().default(false),
    role: text('role'),
    customRole: text('custom_role'),
    invitePending: boolean('invite_pending').notNull().default(false),
    addedBy: personRef('added_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('mission_people_unique').on(t.missionId, t.personId),
    index('mission_people_person_idx').on(t.personId),
    // a sign-in with an unknown email asks whether a project knows it (`accountExists`)
    index('mission_people_email_idx').on(t.email),
  ],
);

/** Invites to a mission; the mailed token is stored as its SHA-256 hash only. */
export const missionInvites = pgTable(
  'mission_invites',
  {
    id: idColumn(),
    missionId: missionRef(),
    inviteeEmail: text('invitee_email').notNull(),
    personId: personRef('person_id'),
    permission: smallint('permission').notNull().default(0),
    isProjectManager: boolean('is_project_manager').notNull().default(false),
    role: text('role'),
    message: text('message').notNull().default(''),
    autoCreateRole: boolean('auto_create_role').notNull().default(false),
    planItemId: varchar('plan_item_id', { length: 24 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 10 })
      .$type<'pending' | 'confirmed' | 'accepted' | 'rejected' | 'revoked'>()
      .notNull()
      .default('pending'),
    invitedBy: personRef('invited_by'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('mission_invites_token_unique').on(t.tokenHash),
    index('mission_invites_mission_email_idx').on(t.missionId, t.inviteeEmail),
    // One open invite per mission and address: inviting again updates it (invite/already_invited) or replaces it.
    uniqueIndex('mission_invites_open_unique')
      .on(t.missionId, t.inviteeEmail)
      .where(sql`${t.status} in ('pending', 'confirmed')`),
    index('mission_invites_email_idx').on(t.inviteeEmail),
  ],
);

/**
 * History of a mission: one row per write, in the write's transaction (`/mission/:id/history`, `/audit/tree`).
 * Its mission and actor are not foreign keys: only commands write here, with the mission and person they have just
 * checked, and neither missions nor people are ever deleted (they are archived), so the two checks a row would cost
 * (up to 1,000 for a bulk write of 500 tasks) guard nothing.
 */
export const missionAuditEvents = pgTable(
  'mission_audit_events',
  {
    id: idColumn(),
    missionId: varchar('mission_id', { length: 24 }).notNull(),
    actorPersonId: varchar('actor_person_id', { length: 24 }),
    action: varchar('action', { length: 16 }).notNull(),
    entity: varchar('entity', { length: 24 }).notNull(),
    entityId: varchar('entity_id', { length: 24 }).notNull(),
    title: text('title').notNull().default(''),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mission_audit_events_mission_idx').on(t.missionId, t.createdAt)],
);

/** A saved baseline: the plan's dates at one moment, to compare the forecast against. */
export const missionBaselines = pgTable(
  'mission_baselines',
  {
    id: idColumn(),
    missionId: missionRef(),
    title: text('title').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [index('mission_baselines_mission_idx').on(t.missionId)],
);

/**
 * Licence keys and promo codes that unlock a project beyond the free slots. Issued by operators
 * (`npm run codes:issue`); stored as SHA-256 only; each redeems once.
 */
export const licenceCodes = pgTable(
  'licence_codes',
  {
    id: idColumn(),
    kind: varchar('kind', { length: 8 }).$type<'key' | 'promo'>().notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    note: text('note').notNull().default(''),
    redeemedMissionId: varchar('redeemed_mission_id', { length: 24 }).references(() => missions.id, { onDelete: 'set null' }),
    redeemedBy: personRef('redeemed_by'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('licence_codes_hash_unique').on(t.codeHash)],
);

/** Templates (spec 3 §3): personal (isPrivate) or of an organisation; proposal templates; a snapshot of the project. */
export const templates = pgTable(
  'templates',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 }).references(() => orgs.id, { onDelete: 'cascade' }),
    ownerId: varchar('owner_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(true),
    isProposalTemplate: boolean('is_proposal_template').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    dataPlanItems: jsonb('data_plan_items').$type<Record<string, unknown>[]>().notNull().default([]),
    missionId: varchar('mission_id', { length: 24 }).references(() => missions.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('templates_org_idx').on(t.orgId), index('templates_owner_idx').on(t.ownerId)],
);

/**
 * Plan items (spec 1 §3): person roles, cost items, phases, milestones, outcomes, fundable milestones.
 * Money in minor units. The full plan behaviour (requests, schedules, dependencies) belongs to the plan domain.
 */
export const planItems = pgTable(
  'plan_items',
  {
    id: idColumn(),
    missionId: missionRef(),
    type: varchar('type', { length: 20 }).notNull().default('person'),
    title: text('title').notNull().default(''),
    role: text('role'),
    orgRoleId: varchar('org_role_id', { length: 24 }),
    personId: personRef('person_id'),
    allocation: smallint('allocation').notNull().default(100),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    rateMinor: bigint('rate_minor', { mode: 'number' }).notNull().default(0),
    rateTime: varchar('rate_time', { length: 20 }).notNull().default('Monthly'),
    billRateMinor: bigint('bill_rate_minor', { mode: 'number' }).notNull().default(0),
    billUnit: varchar('bill_unit', { length: 20 }),
    quantity: bigint('quantity', { mode: 'number' }),
    hoursNeeded: hoursColumn('hours_needed'),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    approved: boolean('approved').notNull().default(false),
    inactive: boolean('inactive').notNull().default(false),
    wasDeleted: boolean('was_deleted').notNull().default(false),
    isForecast: boolean('is_forecast').notNull().default(false),
    y: smallint('y'),
    pinnedTo: varchar('pinned_to', { length: 24 }),
    personLeftRole: jsonb('person_left_role').$type<{ when: string; personId: string; whoKilledTheRole: string | null }>(),
    raciOnTasks: jsonb('raci_on_tasks').$type<Record<string, unknown>[]>().notNull().default([]),
    linkedToTask: varchar('linked_to_task', { length: 24 }),
    createdFromGtCrm: boolean('created_from_gt_crm').notNull().default(false),
    allocationDraft: jsonb('allocation_draft').$type<Record<string, unknown>>(),
    dailyHours: jsonb('daily_hours').$type<{ date: string; hours: number }[]>().notNull().default([]),
    weeklyLumpHours: jsonb('weekly_lump_hours').$type<{ date: string; hours: number }[]>().notNull().default([]),
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [index('plan_items_mission_idx').on(t.missionId), index('plan_items_person_idx').on(t.personId)],
);

/** Actions (tasks) of a mission. The task domain owns their behaviour; dates move with the mission's. */
export const actions = pgTable(
  'actions',
  {
    id: idColumn(),
    missionId: missionRef(),
    planItemId: varchar('plan_item_id', { length: 24 }).references(() => planItems.id, { onDelete: 'set null' }),
    code: text('code'),
    title: text('title').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    week: date('week', { mode: 'string' }),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    estimatedDuration: hoursColumn('estimated_duration'),
    complexityMultiplier: smallint('complexity_multiplier').notNull().default(10),
    source: varchar('source', { length: 16 }),
    sectionTagId: varchar('section_tag_id', { length: 24 }),
    people: idArray('people'),
    parentId: varchar('parent_id', { length: 24 }),
    sortIndex: bigint('sort_index', { mode: 'number' }).notNull().default(0),
    percentComplete: smallint('percent_complete').notNull().default(0),
    wbs: text('wbs'),
    isAction: boolean('is_action').notNull().default(true),
    position: bigint('position', { mode: 'number' }),
    rateMinor: bigint('rate_minor', { mode: 'number' }),
    billRateMinor: bigint('bill_rate_minor', { mode: 'number' }),
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [
    index('actions_mission_idx').on(t.missionId, t.sortIndex),
    index('actions_mission_code_idx').on(t.missionId, t.code),
    // Rule 24's repair on read looks for these only: the index holds just the rows that need it.
    index('actions_inverted_dates_idx')
      .on(t.missionId)
      .where(sql`${t.endDate} < ${t.startDate}`),
  ],
);

/** Action items (sub-tasks). Only what mission-level rules touch is needed here; the task domain extends it. */
export const actionItems = pgTable(
  'action_items',
  {
    id: idColumn(),
    actionId: varchar('action_id', { length: 24 })
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    missionId: missionRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    code: text('code'),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    col: varchar('col', { length: 24 }).notNull().default('todo'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    week: date('week', { mode: 'string' }),
    startHour: smallint('start_hour'),
    estimatedDuration: hoursColumn('estimated_duration'),
    completedOn: timestamp('completed_on', { withTimezone: true }),
    completedBy: personRef('completed_by'),
    people: idArray('people'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    sortIndex: bigint('sort_index', { mode: 'number' }).notNull().default(0),
    complexityMultiplier: smallint('complexity_multiplier').notNull().default(10),
    shortDescription: text('short_description'),
    initialStartDate: date('initial_start_date', { mode: 'string' }),
    actualDuration: hoursColumn('actual_duration'),
    y: smallint('y'),
    position: bigint('position', { mode: 'number' }),
    peopleAttached: idArray('people_attached'),
    billRateMinor: bigint('bill_rate_minor', { mode: 'number' }),
    billUnit: varchar('bill_unit', { length: 20 }),
    percentComplete: smallint('percent_complete').notNull().default(0),
    metaType: varchar('meta_type', { length: 20 }),
    pinType: varchar('pin_type', { length: 20 }),
    templateId: varchar('template_id', { length: 24 }),
    seen: jsonb('seen').$type<{ by: string; when: string }[]>().notNull().default([]),
    pinned: jsonb('pinned').$type<{ by: string; when: string }[]>().notNull().default([]),
    approvals: jsonb('approvals').$type<{ approvedOn?: string; cancelledOn?: string; billRate?: number }[]>().notNull().default([]),
    prevEndDate: date('prev_end_date', { mode: 'string' }),
    descriptionUpdate: timestamp('description_update', { withTimezone: true }),
    descriptionUpdateById: personRef('description_update_by_id'),
    colHistory: jsonb('col_history').$type<{ movedTo: string; movedOn: string }[]>().notNull().default([]),
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [
    index('action_items_mission_idx').on(t.missionId),
    index('action_items_action_idx').on(t.actionId, t.sortIndex),
    index('action_items_mission_code_idx').on(t.missionId, t.code),
    index('action_items_inverted_dates_idx')
      .on(t.missionId)
      .where(sql`${t.endDate} < ${t.startDate}`),
    index('action_items_people_idx').using('gin', t.people),
  ],
);

/** Checklist lines of an action item. */
export const checklistItems = pgTable(
  'checklist_items',
  {
    id: idColumn(),
    actionItemId: varchar('action_item_id', { length: 24 })
      .notNull()
      .references(() => actionItems.id, { onDelete: 'cascade' }),
    missionId: missionRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    sortIndex: bigint('sort_index', { mode: 'number' }).notNull().default(0),
    people: idArray('people'),
    col: varchar('col', { length: 24 }),
    color: varchar('color', { length: 20 }),
    done: boolean('done').notNull().default(false),
    completedOn: timestamp('completed_on', { withTimezone: true }),
    completedBy: personRef('completed_by'),
    ...timestamps,
  },
  (t) => [index('checklist_items_item_idx').on(t.actionItemId)],
);

/**
 * Dependencies between plan items, between actions, or between action items of one mission: `fromId` depends on
 * `toId` (the spec's linkTo) with a link type (default dependsOn) and a lag in days.
 */
export const dependencies = pgTable(
  'dependencies',
  {
    id: idColumn(),
    missionId: missionRef(),
    kind: varchar('kind', { length: 12 }).$type<'plan' | 'action' | 'actionItem'>().notNull(),
    fromId: varchar('from_id', { length: 24 }).notNull(),
    toId: varchar('to_id', { length: 24 }).notNull(),
    linkType: varchar('link_type', { length: 16 }).notNull().default('dependsOn'),
    lag: integer('lag').notNull().default(0),
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('dependencies_unique').on(t.kind, t.fromId, t.toId),
    index('dependencies_mission_idx').on(t.missionId),
    index('dependencies_to_idx').on(t.toId),
  ],
);

/** Requests to approve a role (plan item) assignment, in the project manager's or the organisation's context. */
export const planItemRequests = pgTable(
  'plan_item_requests',
  {
    id: idColumn(),
    planItemId: varchar('plan_item_id', { length: 24 })
      .notNull()
      .references(() => planItems.id, { onDelete: 'cascade' }),
    missionId: missionRef(),
    context: varchar('context', { length: 4 }).$type<'pm' | 'org'>().notNull(),
    status: varchar('status', { length: 20 }).$type<'pending_approval' | 'approved' | 'rejected'>().notNull().default('pending_approval'),
    personId: personRef('person_id'),
    reason: text('reason').notNull().default(''),
    sentForApprovalOn: timestamp('sent_for_approval_on', { withTimezone: true }).notNull().defaultNow(),
    sentForApprovalBy: personRef('sent_for_approval_by'),
    actionedOn: timestamp('actioned_on', { withTimezone: true }),
    actionedBy: personRef('actioned_by'),
    ...timestamps,
  },
  (t) => [index('plan_item_requests_item_idx').on(t.planItemId), index('plan_item_requests_mission_idx').on(t.missionId)],
);

/** Scheduled periods of a role: hours per day between two dates (the plan timeline's allocation blocks). */
export const planItemSchedules = pgTable(
  'plan_item_schedules',
  {
    id: idColumn(),
    planItemId: varchar('plan_item_id', { length: 24 })
      .notNull()
      .references(() => planItems.id, { onDelete: 'cascade' }),
    missionId: missionRef(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    hoursPerDay: hoursColumn('hours_per_day').notNull().default(8),
    note: text('note').notNull().default(''),
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [index('plan_item_schedules_item_idx').on(t.planItemId)],
);
