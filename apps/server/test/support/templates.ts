import { asc, eq } from 'drizzle-orm';
import { missionPeople, missions, planItems, templates } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { expectStatus } from './org.ts';

export type TemplateBody = {
  _id: string;
  title: string;
  description: string;
  isPrivate: boolean;
  org: string | null;
  isProposalTemplate: boolean;
  data: { projectType: string; budgetAvailable: number | null; departmentTags: string[]; durationDays: number | null };
  dataPlanItems: {
    type: string;
    title: string;
    role: string | null;
    allocation: number;
    startOffsetDays: number | null;
    durationDays: number | null;
    rate: number;
    rateTime: string;
    pinnedTo: string | null;
  }[];
  mission: string | null;
  owner: string;
  abilities: { update: boolean; delete: boolean };
};

/** `POST /api/template` with `{ template }`. */
export const postTemplate = (t: TestApp, token: string | undefined, template: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/template', token, payload: { template } });

/** Creates a template through the API (201 expected). */
export async function createTemplate(t: TestApp, token: string, template: Record<string, unknown>): Promise<TemplateBody> {
  const response = await postTemplate(t, token, template);
  expectStatus(response, 201);
  return response.json() as TemplateBody;
}

/** The templates a caller lists (`GET /api/template`), optionally with a query string. */
export async function listTemplates(t: TestApp, token: string, query = ''): Promise<TemplateBody[]> {
  const response = await t.request({ method: 'GET', url: `/api/template${query}`, token });
  expectStatus(response, 200);
  return (response.json() as { templates: TemplateBody[] }).templates;
}

/** A plan item straight in the database. */
export async function insertPlanItem(t: TestApp, missionId: string, values: Partial<typeof planItems.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(planItems)
    .values({ missionId, type: 'person', title: 'Role', role: 'Developer', ...values })
    .returning();
  return row!;
}

export async function missionRow(t: TestApp, missionId: string) {
  const [row] = await t.database.db.select().from(missions).where(eq(missions.id, missionId));
  return row!;
}

export async function templateRow(t: TestApp, templateId: string) {
  const [row] = await t.database.db.select().from(templates).where(eq(templates.id, templateId));
  return row;
}

/** A mission's plan items in date order, then by role (none last), then title. */
export async function planOf(t: TestApp, missionId: string) {
  return t.database.db
    .select()
    .from(planItems)
    .where(eq(planItems.missionId, missionId))
    .orderBy(asc(planItems.startDate), asc(planItems.role), asc(planItems.title));
}

export async function teamOf(t: TestApp, missionId: string) {
  return t.database.db.select().from(missionPeople).where(eq(missionPeople.missionId, missionId));
}
