import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { countryCodeSchema, dateTimeSchema, idListSchema, moneySchema, textSchema } from '../shared/inputs.ts';
import { itemAbilitiesSchema } from './abilities.ts';
import { RATE_TIMES } from './settings.ts';

/** Structure kinds under `/org/:id/{kind}` (spec 3 §7). */
export const STRUCTURE_KINDS = ['roles', 'departments', 'offices', 'programs'] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number];

const base = {
  _id: z.string(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: itemAbilitiesSchema,
};

/** Mission permission numbers a role may default to (0 member … 5 limited observer). */
export const missionPermissionSchema = z.number().int().min(0).max(5);

export const roleSchema = z.object({
  ...base,
  name: z.string(),
  /** Null for who may not see the organisation's money (`canOnOrgMoney`: its admins and managers see it). */
  cost: z.number().nullable(),
  rateTime: z.enum(RATE_TIMES),
  permission: missionPermissionSchema,
});
export type Role = z.infer<typeof roleSchema>;

export const departmentSchema = z.object({
  ...base,
  title: z.string(),
  rolesRequireApproval: z.boolean(),
  dontShareResources: z.boolean(),
});
export type Department = z.infer<typeof departmentSchema>;

export const officeSchema = z.object({ ...base, title: z.string(), country: z.string().nullable() });
export type Office = z.infer<typeof officeSchema>;

export const programSchema = z.object({
  ...base,
  title: z.string(),
  portfolio: z.string().nullable(),
  managers: z.array(z.string()),
});
export type Program = z.infer<typeof programSchema>;

export const goalSchema = z.object({
  ...base,
  title: z.string(),
  description: z.string(),
  departments: z.array(z.string()),
  offices: z.array(z.string()),
  owner: z.string().nullable(),
});
export type Goal = z.infer<typeof goalSchema>;

/** Sent back on updates to detect a concurrent edit (409 when the item changed since). */
const updatedAtField = { updatedAt: dateTimeSchema.optional() };

export const roleCreateSchema = z
  .object({
    name: textSchema(100, 1),
    cost: moneySchema.default(0),
    rateTime: z.enum(RATE_TIMES).optional(),
    permission: missionPermissionSchema.default(0),
  })
  .strict();
export const roleUpdateSchema = z
  .object({ name: textSchema(100, 1), cost: moneySchema, rateTime: z.enum(RATE_TIMES), permission: missionPermissionSchema })
  .partial()
  .extend(updatedAtField)
  .strict();

const departmentFields = { title: textSchema(100, 1), rolesRequireApproval: z.boolean(), dontShareResources: z.boolean() };
export const departmentCreateSchema = z
  .object({ ...departmentFields, rolesRequireApproval: z.boolean().default(false), dontShareResources: z.boolean().default(false) })
  .strict();
export const departmentUpdateSchema = z.object(departmentFields).partial().extend(updatedAtField).strict();

export const officeCreateSchema = z.object({ title: textSchema(100, 1), country: countryCodeSchema.nullable().default(null) }).strict();
export const officeUpdateSchema = z
  .object({ title: textSchema(100, 1), country: countryCodeSchema.nullable() })
  .partial()
  .extend(updatedAtField)
  .strict();

const programFields = { title: textSchema(100, 1), portfolio: idSchema.nullable(), managers: idListSchema(100) };
const programCreate = z
  .object({ ...programFields, portfolio: idSchema.nullable().default(null), managers: idListSchema(100).default([]) })
  .strict();
const programUpdate = z.object(programFields).partial().extend(updatedAtField).strict();
/** Programs take their fields directly, or wrapped as `program` or `payload` (spec 3 §7). */
const wrapped = <T extends z.ZodType>(inner: T) =>
  z.union([z.object({ program: inner }).strict(), z.object({ payload: inner }).strict(), inner]).transform((body) => {
    const value = body as { program?: unknown; payload?: unknown };
    return (value.program ?? value.payload ?? body) as z.output<T>;
  });
export const programCreateSchema = wrapped(programCreate);
export const programUpdateSchema = wrapped(programUpdate);

const goalFields = {
  title: textSchema(100, 1),
  description: textSchema(2000),
  departments: idListSchema(),
  offices: idListSchema(),
  owner: idSchema.nullable(),
};
export const goalCreateSchema = z
  .object({
    ...goalFields,
    description: textSchema(2000).default(''),
    departments: idListSchema().default([]),
    offices: idListSchema().default([]),
    owner: idSchema.nullable().optional(),
  })
  .strict();
export const goalUpdateSchema = z.object(goalFields).partial().extend(updatedAtField).strict();

export type RoleCreate = z.output<typeof roleCreateSchema>;
export type RoleUpdate = z.output<typeof roleUpdateSchema>;
export type DepartmentCreate = z.output<typeof departmentCreateSchema>;
export type DepartmentUpdate = z.output<typeof departmentUpdateSchema>;
export type OfficeCreate = z.output<typeof officeCreateSchema>;
export type OfficeUpdate = z.output<typeof officeUpdateSchema>;
export type ProgramCreate = z.output<typeof programCreate>;
export type ProgramUpdate = z.output<typeof programUpdate>;
export type GoalCreate = z.output<typeof goalCreateSchema>;
export type GoalUpdate = z.output<typeof goalUpdateSchema>;
