import { and, arrayOverlaps, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  can,
  canOnOrgMoney,
  canSeeGoal,
  canSeeProgram,
  toMinorUnits,
  type AuditEntity,
  type Department,
  type Goal,
  type Office,
  type Program,
  type Role,
  type DepartmentCreate,
  type DepartmentUpdate,
  type GoalCreate,
  type GoalUpdate,
  type OfficeCreate,
  type OfficeUpdate,
  type ProgramCreate,
  type ProgramUpdate,
  type RoleCreate,
  type RoleUpdate,
  type StructureKind,
} from '@crewplan/domain';
import { auditActorOf, checkFresh, diffFields, isUniqueViolation, type RecordOrgWrite, runOrgCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { departments, goals, offices, orgPeople, orgRoles, programs } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { goalFacts, presentDepartment, presentGoal, presentOffice, presentProgram, presentRole, type Viewer } from './org.presenter.ts';
import { viewerOf } from './org.service.ts';
import { plural } from '@crewplan/domain/shared/words';

type StructureTable = typeof orgRoles | typeof departments | typeof offices | typeof programs | typeof goals;
type Row = { id: string; orgId: string; isDeleted: boolean; updatedAt: Date } & Record<string, unknown>;

/** How each kind of structure item is named, stored, presented and checked before it goes. */
type KindConfig = {
  table: StructureTable;
  entity: AuditEntity;
  singular: StructureSingular;
  nameColumn: AnyPgColumn;
  nameField: 'name' | 'title';
  present: (row: never, viewer: Viewer) => unknown;
  /** What still uses an item, counted, so that deleting it can be refused with 409. */
  usage?: (tx: Tx, orgId: string, id: string) => Promise<{ people: number; goals: number; programs: number }>;
};

const none = { people: 0, goals: 0, programs: 0 };
const countOf = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;

const KINDS: Record<StructureKind | 'goals', KindConfig> = {
  roles: {
    table: orgRoles,
    entity: 'roles',
    singular: 'role',
    nameColumn: orgRoles.name,
    nameField: 'name',
    present: presentRole as KindConfig['present'],
    usage: async (tx, orgId, id) => ({
      ...none,
      people: await countOf(
        tx
          .select({ value: count() })
          .from(orgPeople)
          .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.roleId, id), currentMembership())),
      ),
    }),
  },
  departments: {
    table: departments,
    entity: 'departments',
    singular: 'department',
    nameColumn: departments.title,
    nameField: 'title',
    present: presentDepartment as KindConfig['present'],
    usage: async (tx, orgId, id) => ({
      ...none,
      people: await countOf(
        tx
          .select({ value: count() })
          .from(orgPeople)
          .where(
            and(
              eq(orgPeople.orgId, orgId),
              currentMembership(),
              or(arrayOverlaps(orgPeople.departments, [id]), arrayOverlaps(orgPeople.accessibleDepartments, [id])),
            ),
          ),
      ),
      goals: await countOf(
        tx
          .select({ value: count() })
          .from(goals)
          .where(and(eq(goals.orgId, orgId), eq(goals.isDeleted, false), arrayOverlaps(goals.departments, [id]))),
      ),
    }),
  },
  offices: {
    table: offices,
    entity: 'offices',
    singular: 'office',
    nameColumn: offices.title,
    nameField: 'title',
    present: presentOffice as KindConfig['present'],
    usage: async (tx, orgId, id) => ({
      ...none,
      people: await countOf(
        tx
          .select({ value: count() })
          .from(orgPeople)
          .where(
            and(
              eq(orgPeople.orgId, orgId),
              currentMembership(),
              or(eq(orgPeople.officeId, id), arrayOverlaps(orgPeople.accessibleOffices, [id])),
            ),
          ),
      ),
      goals: await countOf(
        tx
          .select({ value: count() })
          .from(goals)
          .where(and(eq(goals.orgId, orgId), eq(goals.isDeleted, false), arrayOverlaps(goals.offices, [id]))),
      ),
    }),
  },
  programs: {
    table: programs,
    entity: 'programs',
    singular: 'program',
    nameColumn: programs.title,
    nameField: 'title',
    present: presentProgram as KindConfig['present'],
  },
  goals: {
    table: goals,
    entity: 'goals',
    singular: 'goal',
    nameColumn: goals.title,
    nameField: 'title',
    present: presentGoal as KindConfig['present'],
    usage: async (tx, orgId, id) => ({
      ...none,
      programs: await countOf(
        tx
          .select({ value: count() })
          .from(programs)
          .where(and(eq(programs.orgId, orgId), eq(programs.isDeleted, false), eq(programs.portfolioId, id))),
      ),
    }),
  },
};

/** Each kind's refusals (their codes name the kind). */
const STRUCTURE_ERRORS = {
  role: { duplicate: 'orgDuplicateRole', inUse: 'orgRoleInUse' },
  department: { duplicate: 'orgDuplicateDepartment', inUse: 'orgDepartmentInUse' },
  office: { duplicate: 'orgDuplicateOffice', inUse: 'orgOfficeInUse' },
  program: { duplicate: 'orgDuplicateProgram', inUse: 'orgProgramInUse' },
  goal: { duplicate: 'orgDuplicateGoal', inUse: 'orgGoalInUse' },
} as const;
type StructureSingular = keyof typeof STRUCTURE_ERRORS;

/** An id that must be a live item of the organisation, and is not. */
const UNKNOWN_IN_ORG = { department: 'orgUnknownDepartment', office: 'orgUnknownOffice', goal: 'orgUnknownGoal' } as const;

export const structureItemNotFound = (singular: string) => appError('structureItemNotFound', singular);
const duplicate = (singular: StructureSingular) => appError(STRUCTURE_ERRORS[singular].duplicate);

function inUse(singular: StructureSingular, usage: { people: number; goals: number; programs: number }) {
  const parts = [
    usage.people ? plural(usage.people, 'person', 'people') : '',
    usage.goals ? plural(usage.goals, 'goal') : '',
    usage.programs ? plural(usage.programs, 'program') : '',
  ].filter(Boolean);
  return appError(STRUCTURE_ERRORS[singular].inUse, parts.join(', '));
}

/** A live item of this organisation, locked for the command. */
async function loadItem(tx: Tx, kind: KindConfig, orgId: string, id: string): Promise<Row> {
  const table = kind.table as PgTable & { id: AnyPgColumn; orgId: AnyPgColumn; isDeleted: AnyPgColumn };
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.orgId, orgId), eq(table.isDeleted, false)))
    .for('update');
  if (!row) throw structureItemNotFound(kind.singular);
  return row as Row;
}

/** Names are unique (ignoring case) among the live items of a kind. */
async function refuseDuplicate(tx: Tx, kind: KindConfig, orgId: string, name: string | undefined, exceptId?: string) {
  if (name === undefined) return;
  const table = kind.table as PgTable & { id: AnyPgColumn; orgId: AnyPgColumn; isDeleted: AnyPgColumn };
  const [existing] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.orgId, orgId),
        eq(table.isDeleted, false),
        eq(sql`lower(${kind.nameColumn})`, name.toLowerCase()),
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw duplicate(kind.singular);
}

/** Ids that must be live items (or current members) of this organisation. */
async function checkReferences(
  tx: Tx,
  orgId: string,
  refs: { departments?: string[]; offices?: string[]; people?: string[]; goal?: string | null },
) {
  const checks: ['department' | 'office' | 'goal', string[], SQL][] = [];
  if (refs.departments?.length) checks.push(['department', refs.departments, inArray(departments.id, refs.departments)]);
  if (refs.offices?.length) checks.push(['office', refs.offices, inArray(offices.id, refs.offices)]);
  if (refs.goal) checks.push(['goal', [refs.goal], eq(goals.id, refs.goal)]);
  for (const [name, ids, condition] of checks) {
    const table = name === 'department' ? departments : name === 'office' ? offices : goals;
    const [row] = await tx
      .select({ value: count() })
      .from(table)
      .where(and(eq(table.orgId, orgId), eq(table.isDeleted, false), condition));
    if ((row?.value ?? 0) !== new Set(ids).size) throw appError(UNKNOWN_IN_ORG[name]);
  }
  if (refs.people?.length) {
    const [row] = await tx
      .select({ value: count() })
      .from(orgPeople)
      .where(and(eq(orgPeople.orgId, orgId), inArray(orgPeople.personId, refs.people), currentMembership()));
    if ((row?.value ?? 0) !== new Set(refs.people).size) throw appError('orgUnknownPerson');
  }
}

type Values = Record<string, unknown>;
/** Visibility and rights that depend on the current row (and what it points at). */
type Check = (row: Row, tx: Tx) => void | Promise<void>;

/** Creates an item; duplicates (also when two arrive at once) are 409. */
async function createItem<T>(
  ctx: AppContext,
  access: OrgAccess,
  kindName: StructureKind | 'goals',
  values: Values,
  refs: Parameters<typeof checkReferences>[2] = {},
) {
  const kind = KINDS[kindName];
  const name = values[kind.nameField] as string;
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    await checkReferences(tx, access.org.id, refs);
    await refuseDuplicate(tx, kind, access.org.id, name);
    const [row] = await tx
      .insert(kind.table)
      .values({ ...values, orgId: access.org.id } as never)
      .returning()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate(kind.singular) : error;
      });
    const created = row as unknown as Row;
    record({ action: 'create', entity: kind.entity, id: created.id, title: name, changes: diffFields({}, values) });
    return created;
  });
  return kind.present(row as never, viewerOf(access)) as T;
}

/** Updates an item; `check` sees the current row (visibility and rights that depend on it). */
async function updateItem<T>(
  ctx: AppContext,
  access: OrgAccess,
  kindName: StructureKind | 'goals',
  id: string,
  values: Values,
  options: { updatedAt?: string | undefined; refs?: Parameters<typeof checkReferences>[2]; check?: Check } = {},
) {
  const kind = KINDS[kindName];
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record: RecordOrgWrite) => {
    const current = await loadItem(tx, kind, access.org.id, id);
    await options.check?.(current, tx);
    checkFresh(current, options.updatedAt);
    await checkReferences(tx, access.org.id, options.refs ?? {});
    await refuseDuplicate(tx, kind, access.org.id, values[kind.nameField] as string | undefined, id);
    const changes = diffFields(current, values);
    if (Object.keys(changes).length === 0) return current;
    const table = kind.table as PgTable & { id: AnyPgColumn; orgId: AnyPgColumn };
    const [row] = await tx
      .update(table)
      .set(values as never)
      .where(and(eq(table.id, id), eq(table.orgId, access.org.id)))
      .returning()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate(kind.singular) : error;
      });
    const updated = row as unknown as Row;
    record({ action: 'update', entity: kind.entity, id, title: String(updated[kind.nameField]), changes });
    return updated;
  });
  return kind.present(row as never, viewerOf(access)) as T;
}

/**
 * Deletes an item: refused with 409 while people, goals or programs still use it; otherwise it is marked
 * isDeleted (spec rule 286), so that what it named keeps its history.
 */
async function deleteItem<T>(ctx: AppContext, access: OrgAccess, kindName: StructureKind | 'goals', id: string, check?: Check) {
  const kind = KINDS[kindName];
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const current = await loadItem(tx, kind, access.org.id, id);
    await check?.(current, tx);
    const usage = (await kind.usage?.(tx, access.org.id, id)) ?? none;
    if (usage.people + usage.goals + usage.programs > 0) throw inUse(kind.singular, usage);
    const table = kind.table as PgTable & { id: AnyPgColumn; orgId: AnyPgColumn };
    const [row] = await tx
      .update(table)
      .set({ isDeleted: true } as never)
      .where(and(eq(table.id, id), eq(table.orgId, access.org.id)))
      .returning();
    record({ action: 'delete', entity: kind.entity, id, title: String(current[kind.nameField]) });
    return row as unknown as Row;
  });
  return kind.present(row as never, viewerOf(access)) as T;
}

/**
 * A role's cost is set only by who may read it (`canOnOrgMoney`: not an API key, whose answers leave it out): 403
 * naming the field otherwise. A new role's cost left out is 0, which anybody may give.
 */
function requireCostRights(access: OrgAccess, cost: number | undefined, isNew: boolean) {
  if (cost === undefined || (isNew && cost === 0) || canOnOrgMoney(access.actor, 'money.write')) return;
  throw appError('planMoneyForbidden', ['cost']);
}

export function createRole(ctx: AppContext, access: OrgAccess, input: RoleCreate) {
  requireCostRights(access, input.cost, true);
  return createItem<Role>(ctx, access, 'roles', {
    name: input.name,
    costMinor: toMinorUnits(input.cost),
    rateTime: input.rateTime ?? access.org.roleDefaultRateTime,
    permission: input.permission,
  });
}

export function updateRole(ctx: AppContext, access: OrgAccess, id: string, input: RoleUpdate) {
  const { updatedAt, cost, ...rest } = input;
  requireCostRights(access, cost, false);
  return updateItem<Role>(
    ctx,
    access,
    'roles',
    id,
    { ...rest, ...(cost !== undefined ? { costMinor: toMinorUnits(cost) } : {}) },
    { updatedAt },
  );
}

export const deleteRole = (ctx: AppContext, access: OrgAccess, id: string) => deleteItem<Role>(ctx, access, 'roles', id);

export const createDepartment = (ctx: AppContext, access: OrgAccess, input: DepartmentCreate) =>
  createItem<Department>(ctx, access, 'departments', input);
export function updateDepartment(ctx: AppContext, access: OrgAccess, id: string, input: DepartmentUpdate) {
  const { updatedAt, ...values } = input;
  return updateItem<Department>(ctx, access, 'departments', id, values, { updatedAt });
}
export const deleteDepartment = (ctx: AppContext, access: OrgAccess, id: string) => deleteItem<Department>(ctx, access, 'departments', id);

export const createOffice = (ctx: AppContext, access: OrgAccess, input: OfficeCreate) => createItem<Office>(ctx, access, 'offices', input);
export function updateOffice(ctx: AppContext, access: OrgAccess, id: string, input: OfficeUpdate) {
  const { updatedAt, ...values } = input;
  return updateItem<Office>(ctx, access, 'offices', id, values, { updatedAt });
}
export const deleteOffice = (ctx: AppContext, access: OrgAccess, id: string) => deleteItem<Office>(ctx, access, 'offices', id);

/** A live goal of the organisation as visibility needs it, or null. */
async function goalOf(tx: Tx | AppContext['db'], orgId: string, goalId: string) {
  const [goal] = await tx
    .select()
    .from(goals)
    .where(and(eq(goals.id, goalId), eq(goals.orgId, orgId), eq(goals.isDeleted, false)));
  return goal ? goalFacts(goal) : null;
}

/** A portfolio out of the caller's sight is, to them, no goal of the organisation. */
async function refuseUnseenPortfolio(tx: Tx | AppContext['db'], access: OrgAccess, portfolio: string | null | undefined) {
  if (!portfolio) return;
  const goal = await goalOf(tx, access.org.id, portfolio);
  if (goal && !canSeeGoal(access.actor, goal)) throw appError(UNKNOWN_IN_ORG.goal);
}

/** Programs are seen by their managers and under portfolios the caller sees (spec 3 §6); one out of sight is 404. */
function programAccess(access: OrgAccess, portfolio?: string | null): Check {
  return async (row, tx) => {
    const current = row.portfolioId ? await goalOf(tx, access.org.id, row.portfolioId as string) : null;
    if (!canSeeProgram(access.actor, { managers: row.managers as string[], portfolio: current })) {
      throw structureItemNotFound('program');
    }
    await refuseUnseenPortfolio(tx, access, portfolio);
  };
}

export async function createProgram(ctx: AppContext, access: OrgAccess, input: ProgramCreate) {
  await refuseUnseenPortfolio(ctx.db, access, input.portfolio);
  return createItem<Program>(
    ctx,
    access,
    'programs',
    { title: input.title, portfolioId: input.portfolio, managers: input.managers },
    { people: input.managers, goal: input.portfolio },
  );
}
export function updateProgram(ctx: AppContext, access: OrgAccess, id: string, input: ProgramUpdate) {
  const { updatedAt, portfolio, ...rest } = input;
  return updateItem<Program>(
    ctx,
    access,
    'programs',
    id,
    { ...rest, ...(portfolio !== undefined ? { portfolioId: portfolio } : {}) },
    {
      updatedAt,
      refs: { people: input.managers, goal: portfolio },
      check: programAccess(access, portfolio),
    },
  );
}
export const deleteProgram = (ctx: AppContext, access: OrgAccess, id: string) =>
  deleteItem<Program>(ctx, access, 'programs', id, programAccess(access));

/**
 * Goals (portfolios). Goal managers (admins, canManageGoals) create them for anyone; others create goals they own.
 * A goal the caller may not see is 404; one they see but may not change (not theirs) is 403.
 */
export function createGoal(ctx: AppContext, access: OrgAccess, input: GoalCreate) {
  const manageAll = can(access.actor, 'goals.manageAll');
  const owner = input.owner === undefined ? access.personId : input.owner;
  if (!manageAll && owner !== access.personId) throw appError('goalForOthersManagersOnly');
  return createItem<Goal>(
    ctx,
    access,
    'goals',
    { title: input.title, description: input.description, departments: input.departments, offices: input.offices, ownerId: owner },
    { departments: input.departments, offices: input.offices, people: owner ? [owner] : [] },
  );
}

function goalAccess(access: OrgAccess) {
  return (row: Row) => {
    const goal = goalFacts(row as never);
    if (!canSeeGoal(access.actor, goal)) throw structureItemNotFound('goal');
    if (!can(access.actor, 'goals.update', { goal })) throw appError('forbidden');
  };
}

export function updateGoal(ctx: AppContext, access: OrgAccess, id: string, input: GoalUpdate) {
  const { updatedAt, owner, ...rest } = input;
  if (owner !== undefined && !can(access.actor, 'goals.manageAll')) throw appError('goalOwnerManagersOnly');
  return updateItem<Goal>(
    ctx,
    access,
    'goals',
    id,
    { ...rest, ...(owner !== undefined ? { ownerId: owner } : {}) },
    {
      updatedAt,
      refs: { departments: input.departments, offices: input.offices, people: owner ? [owner] : [] },
      check: goalAccess(access),
    },
  );
}

export const deleteGoal = (ctx: AppContext, access: OrgAccess, id: string) =>
  deleteItem<Goal>(ctx, access, 'goals', id, goalAccess(access));
