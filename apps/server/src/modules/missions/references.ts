import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { clients, departments, goals, offices, programs } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';

/** What a mission points at in its organisation. */
export type MissionReferences = {
  client?: string | null | undefined;
  program?: string | null | undefined;
  goal?: string | null | undefined;
  departmentTags?: readonly string[] | undefined;
  offices?: readonly string[] | undefined;
};

/**
 * Checks that the client, program, goal, departments and offices a mission names exist in its organisation
 * (a personal mission names none of them): a clear 400 naming the field otherwise.
 */
export async function checkReferences(tx: Tx, orgId: string | null, refs: MissionReferences): Promise<void> {
  const single: [keyof MissionReferences, string | null | undefined, typeof clients | typeof programs | typeof goals][] = [
    ['client', refs.client, clients],
    ['program', refs.program, programs],
    ['goal', refs.goal, goals],
  ];
  for (const [field, id, table] of single) {
    if (!id) continue;
    if (!orgId) throw appError('personalHasNo', field);
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.orgId, orgId)));
    if (!row) throw appError('unknownReference', field);
  }
  const lists: [keyof MissionReferences, readonly string[] | undefined, typeof departments | typeof offices][] = [
    ['departmentTags', refs.departmentTags, departments],
    ['offices', refs.offices, offices],
  ];
  for (const [field, ids, table] of lists) {
    if (!ids || ids.length === 0) continue;
    if (!orgId) throw appError('personalHasNoGroups', field);
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, [...ids]), eq(table.orgId, orgId), eq(table.isDeleted, false)));
    if (rows.length !== new Set(ids).size) throw appError('unknownGroup', field);
  }
}
