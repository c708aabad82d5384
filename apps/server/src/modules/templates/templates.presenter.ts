import { z } from 'zod';
import {
  templateAbilities,
  templateDataSchema,
  templatePlanItemSchema,
  type OrgLevel,
  type Template,
  type TemplateData,
  type TemplatePlanItem,
} from '@crewplan/domain';
import type { templates } from '../../db/schema/index.ts';

export type TemplateRow = typeof templates.$inferSelect;

/** A template with the caller's current level in its organisation (null when not a member or a personal template). */
export type TemplateWithViewer = { template: TemplateRow; orgLevel: OrgLevel | null };

const EMPTY_DATA: TemplateData = templateDataSchema.parse({});
const storedPlanItemsSchema = z.array(templatePlanItemSchema);

/** The stored `data` as the API shapes it (the defaults when it cannot be read). */
export function templateDataOf(row: Pick<TemplateRow, 'data'>): TemplateData {
  const parsed = templateDataSchema.safeParse(row.data);
  return parsed.success ? parsed.data : EMPTY_DATA;
}

/** The stored plan items as the API shapes them. */
export function templatePlanItemsOf(row: Pick<TemplateRow, 'dataPlanItems'>): TemplatePlanItem[] {
  const parsed = storedPlanItemsSchema.safeParse(row.dataPlanItems);
  return parsed.success ? parsed.data : [];
}

export const templateFactsOf = (row: TemplateRow) => ({ ownerId: row.ownerId, orgId: row.orgId, isPrivate: row.isPrivate });

/** A template as `templateSchema` shapes it, with what the caller may do with it. */
export function presentTemplate(row: TemplateRow, viewer: { personId: string; orgLevel: OrgLevel | null }): Template {
  const abilities = templateAbilities(viewer, templateFactsOf(row));
  // the rates and budget of the project it was made from are told only to those who manage it, as a project's money is
  const data = templateDataOf(row);
  const planItems = templatePlanItemsOf(row);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    isPrivate: row.isPrivate,
    org: row.orgId,
    isProposalTemplate: row.isProposalTemplate,
    data: abilities.update ? data : { ...data, budgetAvailable: null },
    dataPlanItems: abilities.update ? planItems : planItems.map((item) => ({ ...item, rate: null })),
    mission: row.missionId,
    owner: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities,
  };
}
