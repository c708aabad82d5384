import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { LeaveAmounts, LeaveCode, OrgLevel } from '@crewplan/domain';
import { hoursColumn, idColumn, timestamps } from './columns.ts';
import { people } from './people.ts';

const orgRef = () =>
  varchar('org_id', { length: 24 })
    .notNull()
    .references(() => orgs.id, { onDelete: 'cascade' });
const personRef = (name: string) => varchar(name, { length: 24 }).references(() => people.id, { onDelete: 'set null' });
const idArray = (name: string) =>
  varchar(name, { length: 24 })
    .array()
    .notNull()
    .default(sql`'{}'`);
const lower = (column: AnyPgColumn) => sql`lower(${column})`;

/**
 * An organisation with every setting of the spec (3 §3, 2 §3). Deleting one marks `deleted_at`: it then
 * answers 404 to everybody ('Maybe removed?'), while what refers to it keeps its history.
 */
export const orgs = pgTable('orgs', {
  id: idColumn(),
  title: text('title').notNull(),
  logoVersion: integer('logo_version'),
  logoType: text('logo_type'),
  currency: varchar('currency', { length: 3 }).notNull().default('USD'),
  roleDefaultRateTime: varchar('role_default_rate_time', { length: 20 }).notNull().default('Monthly'),
  proposalDeadlines: jsonb('proposal_deadlines').$type<{ title: string; days: number }[]>().notNull().default([]),
  leaveCodes: jsonb('leave_codes').$type<LeaveCode[]>().notNull().default([]),
  holidayCountryCode: varchar('holiday_country_code', { length: 2 }),
  daysPerWeek: smallint('days_per_week').notNull().default(5),
  carryOverAnnualLeaveCutOff: varchar('carry_over_annual_leave_cut_off', { length: 5 }),
  carryOverAnnualLeaveAmount: real('carry_over_annual_leave_amount'),
  carryOverAnnualLeaveFx: varchar('carry_over_annual_leave_fx', { length: 10 }).notNull().default('fixed'),
  inviteDomains: text('invite_domains')
    .array()
    .notNull()
    .default(sql`'{}'`),
  overTimeAfterDayOrWeek: varchar('over_time_after_day_or_week', { length: 4 }).notNull().default('day'),
  overTimeAfter: hoursColumn('over_time_after').notNull().default(8),
  isMFARequired: boolean('is_mfa_required').notNull().default(false),
  rolesNeedApproval: boolean('roles_need_approval').notNull().default(false),
  canProjectManagersApproveRoles: boolean('can_project_managers_approve_roles').notNull().default(false),
  projectCreationRestricted: boolean('project_creation_restricted').notNull().default(false),
  invoicingDisabled: boolean('invoicing_disabled').notNull().default(false),
  isLicensed: boolean('is_licensed').notNull().default(false),
  isKeyLicensed: boolean('is_key_licensed').notNull().default(false),
  isOrgLicensed: boolean('is_org_licensed').notNull().default(false),
  isLicensedActive: boolean('is_licensed_active').notNull().default(false),
  trialStartedOn: timestamp('trial_started_on', { withTimezone: true }),
  createdBy: personRef('created_by'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: personRef('deleted_by'),
  ...timestamps,
});

/**
 * One row per person per organisation (the spec's organisation person entry). A membership is current
 * until its end date (exclusive); removal sets the end date to tomorrow.
 */
export const orgPeople = pgTable(
  'org_people',
  {
    id: idColumn(),
    orgId: orgRef(),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    level: varchar('level', { length: 24 }).$type<OrgLevel>().notNull().default('MEMBER'),
    email: text('email').notNull(),
    roleId: varchar('role_id', { length: 24 }).references(() => orgRoles.id, { onDelete: 'set null' }),
    departments: idArray('departments'),
    officeId: varchar('office_id', { length: 24 }).references(() => offices.id, { onDelete: 'set null' }),
    accessibleDepartments: idArray('accessible_departments'),
    accessibleOffices: idArray('accessible_offices'),
    canApproveRoles: boolean('can_approve_roles').notNull().default(false),
    canApproveLeaves: boolean('can_approve_leaves').notNull().default(false),
    canManageGoals: boolean('can_manage_goals').notNull().default(false),
    canCreateProjects: boolean('can_create_projects').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    yearsOfPreService: varchar('years_of_pre_service', { length: 12 }),
    leaveAmounts: jsonb('leave_amounts').$type<LeaveAmounts>().notNull().default({}),
    removeFromMissions: boolean('remove_from_missions').notNull().default(false),
    removedBy: personRef('removed_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('org_people_org_person_unique').on(t.orgId, t.personId),
    index('org_people_person_idx').on(t.personId),
    index('org_people_departments_idx').using('gin', t.departments),
  ],
);

/** Organisation roles (name, cost per rate time, default mission permission). Cost in minor units. */
export const orgRoles = pgTable(
  'org_roles',
  {
    id: idColumn(),
    orgId: orgRef(),
    name: text('name').notNull(),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull().default(0),
    rateTime: varchar('rate_time', { length: 20 }).notNull().default('Monthly'),
    permission: smallint('permission').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('org_roles_name_unique')
      .on(t.orgId, lower(t.name))
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const departments = pgTable(
  'departments',
  {
    id: idColumn(),
    orgId: orgRef(),
    title: text('title').notNull(),
    rolesRequireApproval: boolean('roles_require_approval').notNull().default(false),
    dontShareResources: boolean('dont_share_resources').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('departments_title_unique')
      .on(t.orgId, lower(t.title))
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const offices = pgTable(
  'offices',
  {
    id: idColumn(),
    orgId: orgRef(),
    title: text('title').notNull(),
    country: varchar('country', { length: 2 }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('offices_title_unique')
      .on(t.orgId, lower(t.title))
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** Goals, also called portfolios. */
export const goals = pgTable(
  'goals',
  {
    id: idColumn(),
    orgId: orgRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    departments: idArray('departments'),
    offices: idArray('offices'),
    ownerId: personRef('owner_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('goals_title_unique')
      .on(t.orgId, lower(t.title))
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const programs = pgTable(
  'programs',
  {
    id: idColumn(),
    orgId: orgRef(),
    title: text('title').notNull(),
    portfolioId: varchar('portfolio_id', { length: 24 }).references(() => goals.id, { onDelete: 'set null' }),
    managers: idArray('managers'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('programs_title_unique')
      .on(t.orgId, lower(t.title))
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** Invites to an organisation; the mailed token is stored as its SHA-256 hash only. */
export const orgInvites = pgTable(
  'org_invites',
  {
    id: idColumn(),
    orgId: orgRef(),
    inviteeEmail: text('invitee_email').notNull(),
    level: varchar('level', { length: 24 }).$type<OrgLevel>().notNull(),
    message: text('message').notNull().default(''),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 10 }).$type<'pending' | 'accepted' | 'rejected' | 'revoked'>().notNull().default('pending'),
    invitedBy: personRef('invited_by'),
    respondedBy: personRef('responded_by'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('org_invites_token_unique').on(t.tokenHash),
    index('org_invites_org_email_idx').on(t.orgId, t.inviteeEmail),
    // One pending invite per organisation and address: a newer invite replaces it.
    uniqueIndex('org_invites_pending_unique')
      .on(t.orgId, t.inviteeEmail)
      .where(sql`${t.status} = 'pending'`),
    index('org_invites_email_idx').on(t.inviteeEmail),
  ],
);

/** Organisation API keys (`cpk_…`): SHA-256 of the key, shown once when created. */
export const orgApiKeys = pgTable(
  'org_api_keys',
  {
    id: idColumn(),
    orgId: orgRef(),
    name: text('name').notNull(),
    prefix: varchar('prefix', { length: 12 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    createdBy: personRef('created_by'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('org_api_keys_hash_unique').on(t.keyHash), index('org_api_keys_org_idx').on(t.orgId)],
);

/**
 * Storage keys of the web's per-organisation local cache. The key itself is derived from the server secret
 * and the key id, so nothing secret is stored; a revoked key or an ended membership answers 410.
 */
export const orgStorageKeys = pgTable(
  'org_storage_keys',
  {
    id: idColumn(),
    orgId: orgRef(),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('org_storage_keys_person_idx').on(t.personId, t.orgId)],
);

/** Who changed what, when: one row per write in the organisation area, in the write's transaction. */
export const orgAuditEvents = pgTable(
  'org_audit_events',
  {
    id: idColumn(),
    orgId: orgRef(),
    actorPersonId: personRef('actor_person_id'),
    actorApiKeyId: varchar('actor_api_key_id', { length: 24 }),
    action: varchar('action', { length: 16 }).notNull(),
    entity: varchar('entity', { length: 24 }).notNull(),
    entityId: varchar('entity_id', { length: 24 }).notNull(),
    title: text('title').notNull().default(''),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('org_audit_events_org_idx').on(t.orgId, t.createdAt),
    index('org_audit_events_entity_idx').on(t.orgId, t.entity, t.entityId),
  ],
);
