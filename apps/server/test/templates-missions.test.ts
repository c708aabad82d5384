import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { addMember, createOrgWorld, errorOf, expectStatus, verifiedPerson, type OrgWorld } from './support/org.ts';
import {
  createTemplate,
  insertPlanItem,
  missionRow,
  planOf,
  postTemplate,
  teamOf,
  templateRow,
  type TemplateBody,
} from './support/templates.ts';

let t: TestApp;
let w: OrgWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
});
afterAll(async () => t.close());

const MISSION_NOT_FOUND = 'Sorry that mission was not found and may have been archived or please refresh and try again';
const token = (name: keyof OrgWorld['people']) => w.people[name].token;

/** An organisation mission of the admin (permission 2), with three plan items, one assigned and one pinned. */
async function sourceMission() {
  const mission = await insertMission(t, w.people.admin, {
    orgId: w.orgId,
    title: 'Source project',
    planStartDate: '2026-01-05',
    planEndDate: '2026-04-05',
    projectType: 'kanban',
    budgetAvailableMinor: 500_000,
    cols: [{ id: 'todo', name: 'To do' }],
    sectionTags: [{ _id: '0123456789abcdef01234567', title: 'Phase 1', from: '2026-01-05', to: '2026-02-01' }],
  });
  await insertPlanItem(t, mission.id, {
    role: 'Project manager',
    title: 'Project manager',
    personId: w.people.admin.personId,
    startDate: '2026-01-05',
    endDate: '2026-04-05',
    pinnedTo: 'entireMission',
    y: 0,
  });
  await insertPlanItem(t, mission.id, {
    role: 'Developer',
    title: 'Backend',
    personId: w.people.member.personId,
    allocation: 50,
    startDate: '2026-02-09',
    endDate: '2026-03-01',
    rateMinor: 12_550,
    rateTime: 'Hourly',
    y: 1,
  });
  await insertPlanItem(t, mission.id, {
    type: 'milestone',
    role: null,
    title: 'Launch',
    startDate: '2026-03-30',
    endDate: '2026-03-30',
    y: 2,
  });
  await insertPlanItem(t, mission.id, {
    role: 'Gone',
    title: 'Deleted role',
    startDate: '2026-01-05',
    endDate: '2026-01-06',
    wasDeleted: true,
  });
  return mission;
}

const saveAsTemplate = (tokenValue: string, missionId: string, extra: Record<string, unknown> = {}) =>
  postTemplate(t, tokenValue, { title: 'Saved template', mission: missionId, ...extra });

describe('saving a mission as a template (POST /api/template with mission)', () => {
  let source: Awaited<ReturnType<typeof sourceMission>>;
  let template: TemplateBody;
  beforeAll(async () => {
    source = await sourceMission();
    const response = await saveAsTemplate(token('admin'), source.id, { isPrivate: false, org: w.orgId });
    expectStatus(response, 201);
    template = response.json() as TemplateBody;
  });

  it('keeps a snapshot: data, and plan items with dates as offsets from the plan start, people left out', () => {
    expect(template.data).toEqual({ projectType: 'kanban', budgetAvailable: 5000, departmentTags: [], durationDays: 90 });
    expect(template.dataPlanItems).toEqual([
      {
        type: 'person',
        title: 'Project manager',
        role: 'Project manager',
        allocation: 100,
        startOffsetDays: 0,
        durationDays: 90,
        rate: 0,
        rateTime: 'Monthly',
        pinnedTo: 'entireMission',
      },
      {
        type: 'person',
        title: 'Backend',
        role: 'Developer',
        allocation: 50,
        startOffsetDays: 35,
        durationDays: 20,
        rate: 125.5,
        rateTime: 'Hourly',
        pinnedTo: null,
      },
      {
        type: 'milestone',
        title: 'Launch',
        role: null,
        allocation: 100,
        startOffsetDays: 84,
        durationDays: 0,
        rate: 0,
        rateTime: 'Monthly',
        pinnedTo: null,
      },
    ]);
  });

  it('makes a template mission, saved, linked both ways, with the caller as admin and project manager', async () => {
    expect(template.mission).toBeTruthy();
    const copy = await missionRow(t, template.mission!);
    expect(copy).toMatchObject({
      title: 'Saved template',
      orgId: w.orgId,
      isTemplate: true,
      isTemplateSaved: true,
      linkedProject: source.id,
      projectType: 'kanban',
      planStartDate: '2026-01-05',
      planEndDate: '2026-04-05',
      budgetAvailableMinor: 500_000,
      cols: [{ id: 'todo', name: 'To do' }],
      sectionTags: [{ _id: '0123456789abcdef01234567', title: 'Phase 1', from: '2026-01-05', to: '2026-02-01' }],
    });
    expect((await missionRow(t, source.id)).linkedTemplate).toBe(copy.id);
    expect((await templateRow(t, template._id))?.missionId).toBe(copy.id);
    expect(await teamOf(t, copy.id)).toEqual([
      expect.objectContaining({ personId: w.people.admin.personId, permission: 2, isProjectManager: true }),
    ]);
  });

  it('copies the live plan items into the template mission without their people', async () => {
    const plan = await planOf(t, template.mission!);
    expect(plan.map((item) => [item.title, item.startDate, item.endDate, item.personId, item.rateMinor])).toEqual([
      ['Project manager', '2026-01-05', '2026-04-05', null, 0],
      ['Backend', '2026-02-09', '2026-03-01', null, 12_550],
      ['Launch', '2026-03-30', '2026-03-30', null, 0],
    ]);
  });

  it('shows the template mission to its manager through the mission API', async () => {
    const response = await t.request({ method: 'GET', url: `/api/mission/${template.mission}`, token: token('admin') });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ isTemplate: true, isTemplateSaved: true, linkedProject: source.id });
  });

  it('keeps the data of a project as long as the dates allow', async () => {
    const long = await insertMission(t, w.people.admin, { planStartDate: '1900-01-01', planEndDate: '2999-12-31', projectType: 'power' });
    await insertPlanItem(t, long.id, { startDate: '2999-12-01', endDate: '2999-12-31' });
    const saved = await createTemplate(t, token('admin'), { title: 'Millennium', mission: long.id });
    expect(saved.data).toMatchObject({ projectType: 'power', durationDays: 401_766 });
    expect(saved.dataPlanItems[0]).toMatchObject({ startOffsetDays: 401_736, durationDays: 30 });
    const response = await t.request({
      method: 'POST',
      url: '/api/mission',
      token: token('admin'),
      payload: { title: 'Short', planStartDate: '2026-01-05', planEndDate: '2026-02-05', template: saved._id },
    });
    expectStatus(response, 201);
    const plan = await planOf(t, (response.json() as { _id: string })._id);
    expect(plan.find((item) => item.role === 'Developer')).toMatchObject({ startDate: '2026-02-05', endDate: '2026-02-05' });
  });

  it('refuses a project that is a template mission already (400)', async () => {
    const response = await saveAsTemplate(token('admin'), template.mission!);
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('template/already-template');
  });
});

describe('who may save a mission as a template (mission admins: rule 98)', () => {
  let missionId: string;
  let others: Record<'p0' | 'p1' | 'p1pm' | 'pending', { token: string }>;
  beforeAll(async () => {
    const mission = await sourceMission();
    missionId = mission.id;
    const make = async (permission: number, options: Record<string, unknown> = {}) => {
      const person = await verifiedPerson(t);
      await addMember(t, w.orgId, person, 'MEMBER');
      await addToMission(t, missionId, person, permission, options);
      return person;
    };
    others = {
      p0: await make(0),
      p1: await make(1),
      p1pm: await make(1, { isProjectManager: true }),
      pending: await make(2, { invitePending: true }),
    };
  });

  it.each([
    ['mission admin (2)', 'admin', 201],
    ['project manager (1 + PM flag)', 'p1pm', 201],
    ['team lead (1)', 'p1', 403],
    ['team member (0)', 'p0', 403],
    ['organisation manager not on the team', 'manager', 403],
    ['pending invitee', 'pending', 403],
    ['outsider', 'outsider', 404],
  ] as const)('%s → %s', async (_, name, status) => {
    const who = name in others ? others[name as keyof typeof others].token : token(name as keyof OrgWorld['people']);
    const response = await saveAsTemplate(who, missionId);
    expectStatus(response, status);
    if (status === 404) expect(errorOf(response)).toEqual({ code: 'mission/not-found', message: MISSION_NOT_FOUND });
    if (name === 'pending') expect(errorOf(response).code).toBe('mission/invite-pending');
  });

  it('answers 404 for a mission that does not exist', async () => {
    const response = await saveAsTemplate(token('admin'), '0123456789abcdef01234567');
    expectStatus(response, 404);
    expect(errorOf(response).message).toBe(MISSION_NOT_FOUND);
  });

  it('writes nothing when the organisation refuses the template (one transaction)', async () => {
    const lead = await verifiedPerson(t);
    await addMember(t, w.orgId, lead, 'MEMBER');
    const mission = await insertMission(t, lead, { orgId: w.orgId });
    const response = await saveAsTemplate(lead.token, mission.id, { isPrivate: false, org: w.orgId });
    expectStatus(response, 403);
    expect((await missionRow(t, mission.id)).linkedTemplate).toBeNull();
    const personal = await saveAsTemplate(lead.token, mission.id);
    expectStatus(personal, 201);
    expect(await missionRow(t, (personal.json() as TemplateBody).mission!)).toMatchObject({ orgId: null, isTemplate: true });
  });

  it('refuses an organisation template made from another organisation’s project (400)', async () => {
    const mission = await insertMission(t, w.people.otherOrgAdmin, { orgId: w.otherOrgId });
    await addMember(t, w.orgId, w.people.otherOrgAdmin, 'ADMIN');
    const response = await saveAsTemplate(token('otherOrgAdmin'), mission.id, { isPrivate: false, org: w.orgId });
    expectStatus(response, 400);
    expect(errorOf(response).fields).toEqual({ org: 'An organization template can only be made from a project of that organization.' });
    await addMember(t, w.orgId, w.people.otherOrgAdmin, 'ADMIN', { endDate: '2020-01-01' });
  });
});

describe('editing and saving the template again (rule 29)', () => {
  it('an edit of the template mission marks it unsaved; resave takes its plan again and marks it saved', async () => {
    const source = await sourceMission();
    const template = await createTemplate(t, token('admin'), { title: 'Resaved', mission: source.id });
    const templateMission = template.mission!;

    const edit = await t.request({
      method: 'PUT',
      url: `/api/mission/${templateMission}`,
      token: token('admin'),
      payload: { projectType: 'power' },
    });
    expectStatus(edit, 200);
    expect((await missionRow(t, templateMission)).isTemplateSaved).toBe(false);
    await insertPlanItem(t, templateMission, { role: 'Tester', title: 'QA', startDate: '2026-03-02', endDate: '2026-03-16', y: 9 });

    const response = await t.request({
      method: 'PUT',
      url: '/api/template/bulk',
      token: token('admin'),
      payload: { templates: [{ _id: template._id, resave: true, title: 'Resaved v2' }] },
    });
    expectStatus(response, 200);
    const saved = (response.json() as { templates: TemplateBody[] }).templates[0]!;
    expect(saved.data.projectType).toBe('power');
    expect(saved.dataPlanItems.map((item) => [item.title, item.startOffsetDays, item.durationDays])).toEqual([
      ['Project manager', 0, 90],
      ['Backend', 35, 20],
      ['Launch', 84, 0],
      ['QA', 56, 14],
    ]);
    expect(await missionRow(t, templateMission)).toMatchObject({ isTemplateSaved: true, title: 'Resaved v2' });
  });

  it('lets an organisation manager resave an organisation template; a member may not (403, nothing saved)', async () => {
    const source = await sourceMission();
    const template = await createTemplate(t, token('admin'), { title: 'Org resave', mission: source.id, isPrivate: false, org: w.orgId });
    await insertPlanItem(t, template.mission!, { title: 'Extra', startDate: '2026-01-12', endDate: '2026-01-19' });
    const resave = (tokenValue: string) =>
      t.request({
        method: 'PUT',
        url: '/api/template/bulk',
        token: tokenValue,
        payload: { templates: [{ _id: template._id, resave: true }] },
      });
    expectStatus(await resave(token('member')), 403);
    expect((await templateRow(t, template._id))?.dataPlanItems).toHaveLength(3);
    expectStatus(await resave(token('manager')), 200);
    expect((await templateRow(t, template._id))?.dataPlanItems).toHaveLength(4);
  });
});

describe('the template mission follows its template', () => {
  it('moves into the organisation the template is shared with, and out again', async () => {
    const source = await sourceMission();
    const template = await createTemplate(t, token('admin'), { title: 'Follows', mission: source.id });
    expect((await missionRow(t, template.mission!)).orgId).toBeNull();
    const update = (item: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: '/api/template/bulk',
        token: token('admin'),
        payload: { templates: [{ _id: template._id, ...item }] },
      });
    expectStatus(await update({ isPrivate: false, org: w.orgId }), 200);
    expect((await missionRow(t, template.mission!)).orgId).toBe(w.orgId);
    expectStatus(await update({ isPrivate: true }), 200);
    expect((await missionRow(t, template.mission!)).orgId).toBeNull();
  });

  it('tells the template mission’s room when it is saved again', async () => {
    const source = await sourceMission();
    const template = await createTemplate(t, token('admin'), { title: 'Heard', mission: source.id });
    const heard: unknown[] = [];
    t.app.ctx.events.on('mission.changed', (event) => {
      if (event.missionId === template.mission) heard.push(...event.changes);
    });
    const response = await t.request({
      method: 'PUT',
      url: '/api/template/bulk',
      token: token('admin'),
      payload: { templates: [{ _id: template._id, resave: true }] },
    });
    expectStatus(response, 200);
    expect(heard).toEqual([{ type: 'update', entity: 'missions', id: template.mission, data: { isTemplateSaved: true } }]);
  });
});

describe('deleting templates with their template missions (rule 32)', () => {
  it('deletes the template mission and clears the source’s link', async () => {
    const source = await sourceMission();
    const template = await createTemplate(t, token('admin'), { title: 'To delete', mission: source.id });
    const response = await t.request({
      method: 'POST',
      url: '/api/template/delete/bulk',
      token: token('admin'),
      payload: { ids: [template._id] },
    });
    expectStatus(response, 200);
    expect(response.json()).toEqual({ deleted: [template._id], deletedMissions: [template.mission] });
    const gone = await t.request({ method: 'GET', url: `/api/mission/${template.mission}`, token: token('admin') });
    expectStatus(gone, 404);
    expect((await missionRow(t, source.id)).linkedTemplate).toBeNull();
    expect((await missionRow(t, source.id)).archivedAt).toBeNull();
  });

  it('deletes the template with its template mission deleted through the mission API', async () => {
    const source = await sourceMission();
    const template = await createTemplate(t, token('admin'), { title: 'Mission deleted', mission: source.id });
    const deleted = await t.request({ method: 'DELETE', url: `/api/mission/${template.mission}`, token: token('admin') });
    expectStatus(deleted, 200);
    // the project it was saved from stays
    expect((deleted.json() as { deleted: string[] }).deleted).toEqual([template.mission]);
    expectStatus(await t.request({ method: 'GET', url: `/api/mission/${source.id}`, token: token('admin') }), 200);
    const list = await t.request({ method: 'GET', url: '/api/template', token: token('admin') });
    expect((list.json() as { templates: TemplateBody[] }).templates.map((x) => x._id)).not.toContain(template._id);
  });

  it('deletes the linked template (its mission and the template) with the project it was saved from', async () => {
    const source = await sourceMission();
    const template = await createTemplate(t, token('admin'), { title: 'Project deleted', mission: source.id });
    const deleted = await t.request({ method: 'DELETE', url: `/api/mission/${source.id}`, token: token('admin') });
    expectStatus(deleted, 200);
    expect((deleted.json() as { deleted: string[] }).deleted).toEqual([source.id, template.mission]);
    const list = await t.request({ method: 'GET', url: '/api/template', token: token('admin') });
    expect((list.json() as { templates: TemplateBody[] }).templates.map((x) => x._id)).not.toContain(template._id);
  });
});

describe('creating a mission from a template (POST /api/mission with template)', () => {
  const planned = {
    title: 'Planned',
    data: { projectType: 'kanban', budgetAvailable: 2500 },
    dataPlanItems: [
      { title: 'Project manager', role: 'Project manager', startOffsetDays: 0, durationDays: 90, pinnedTo: 'entireMission' },
      { title: 'Backend', role: 'Developer', allocation: 50, startOffsetDays: 35, durationDays: 20, rate: 125.5, rateTime: 'Hourly' },
      { type: 'milestone', title: 'Launch', startOffsetDays: 84, durationDays: 0 },
      { title: 'Support', role: 'Support', startOffsetDays: 80, durationDays: 30 },
      { title: 'Kick-off', role: 'Coach', startOffsetDays: -3, durationDays: 5 },
    ],
  };
  const createMission = (tokenValue: string, body: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/mission',
      token: tokenValue,
      payload: { planStartDate: '2026-07-06', planEndDate: '2026-08-31', ...body },
    });

  it('lays the plan out from the new start, inside the mission, nobody assigned; the Project manager role keeps its place', async () => {
    const template = await createTemplate(t, token('member'), planned);
    const response = await createMission(token('member'), { title: 'From template', template: template._id });
    expectStatus(response, 201);
    const missionId = (response.json() as { _id: string })._id;
    const plan = await planOf(t, missionId);
    expect(plan.map((item) => [item.title, item.startDate, item.endDate, item.personId, item.rateMinor, item.allocation])).toEqual([
      ['Kick-off', '2026-07-06', '2026-07-11', null, 0, 100],
      ['Project manager', '2026-07-06', '2026-08-31', w.people.member.personId, 0, 100],
      ['Backend', '2026-08-10', '2026-08-30', null, 12_550, 50],
      ['Support', '2026-08-31', '2026-08-31', null, 0, 100],
      ['Launch', '2026-08-31', '2026-08-31', null, 0, 100],
    ]);
    expect(plan.filter((item) => item.role === 'Project manager')).toHaveLength(1);
    expect(await missionRow(t, missionId)).toMatchObject({
      projectType: 'kanban',
      budgetAvailableMinor: 250_000,
      isTemplate: false,
      linkedTemplate: null,
    });
  });

  it('keeps what the mission set itself (type other than the default)', async () => {
    const template = await createTemplate(t, token('member'), planned);
    const response = await createMission(token('member'), { title: 'Own type', projectType: 'power', template: template._id });
    expectStatus(response, 201);
    expect((await missionRow(t, (response.json() as { _id: string })._id)).projectType).toBe('power');
  });

  it('lets every current member use an organisation template', async () => {
    const template = await createTemplate(t, token('admin'), { ...planned, title: 'Org plan', isPrivate: false, org: w.orgId });
    const response = await createMission(token('manager'), { title: 'Org project', org: w.orgId, template: template._id });
    expectStatus(response, 201);
    expect((await planOf(t, (response.json() as { _id: string })._id)).map((item) => item.title)).toContain('Backend');
  });

  it("keeps an organisation template's rates and budget inside its organisation", async () => {
    const template = await createTemplate(t, token('admin'), { ...planned, title: 'Priced plan', isPrivate: false, org: w.orgId });
    const backendRate = async (missionId: string) => (await planOf(t, missionId)).find((item) => item.title === 'Backend')!.rateMinor;
    const inOrg = await createMission(token('manager'), { title: 'Org project', org: w.orgId, template: template._id });
    expectStatus(inOrg, 201);
    const inOrgId = (inOrg.json() as { _id: string })._id;
    expect(await backendRate(inOrgId)).toBe(12_550);
    expect((await missionRow(t, inOrgId)).budgetAvailableMinor).toBe(250_000);

    const personal = await createMission(token('member'), { title: 'My own copy', template: template._id });
    expectStatus(personal, 201);
    const personalId = (personal.json() as { _id: string })._id;
    expect(await backendRate(personalId)).toBe(0);
    expect(await missionRow(t, personalId)).toMatchObject({ orgId: null, budgetAvailableMinor: null, projectType: 'kanban' });
  });

  it('rounds the budget a template gives to the smallest amount of the mission’s currency (a whole yen); rates keep their cents', async () => {
    const template = await createTemplate(t, token('member'), { ...planned, data: { budgetAvailable: 2500.5 } });
    const inYen = await createMission(token('member'), { title: 'Yen project', currency: 'YEN', template: template._id });
    expectStatus(inYen, 201);
    const yenId = (inYen.json() as { _id: string })._id;
    expect(await missionRow(t, yenId)).toMatchObject({ currency: 'YEN', budgetAvailableMinor: 250_100 });
    expect((await planOf(t, yenId)).find((item) => item.title === 'Backend')!.rateMinor).toBe(12_550);

    const inEuros = await createMission(token('member'), { title: 'Euro project', currency: 'EUR', template: template._id });
    expectStatus(inEuros, 201);
    expect((await missionRow(t, (inEuros.json() as { _id: string })._id)).budgetAvailableMinor).toBe(250_050);
  });

  it('checks the rates an old template kept: more decimals are rounded to the cent, one below zero refuses the copy naming the item', async () => {
    const template = await createTemplate(t, token('member'), { ...planned, title: 'Old template' });
    const keep = async (rate: number) => {
      const row = await templateRow(t, template._id);
      const items = (row!.dataPlanItems as { title: string; rate: number }[]).map((item) =>
        item.title === 'Backend' ? { ...item, rate } : item,
      );
      await t.database.db.update(templates).set({ dataPlanItems: items }).where(eq(templates.id, template._id));
      t.app.ctx.reads.changed(); // written behind the server's back
    };
    await keep(12.345);
    const rounded = await createMission(token('member'), { title: 'Rounded rate', template: template._id });
    expectStatus(rounded, 201);
    expect((await planOf(t, (rounded.json() as { _id: string })._id)).find((item) => item.title === 'Backend')!.rateMinor).toBe(1_235);

    for (const rate of [-10, 1e13]) {
      await keep(rate);
      const refused = await createMission(token('member'), { title: `Bad rate ${rate}`, template: template._id });
      expectStatus(refused, 400);
      const message = `The template's plan item "Backend" has a rate that cannot be used (${rate}). Correct it in the template and try again.`;
      expect(errorOf(refused)).toMatchObject({ code: 'validation', message, fields: { template: message } });
      const tree = await t.request({ method: 'GET', url: '/api/mission/list/tree', token: token('member') });
      expect((tree.json() as { title: string }[]).map((m) => m.title)).not.toContain(`Bad rate ${rate}`);
    }
  });

  it('answers 404 for someone else’s personal template and creates nothing', async () => {
    const template = await createTemplate(t, token('admin'), planned);
    const response = await createMission(token('member'), { title: 'Not mine', template: template._id });
    expectStatus(response, 404);
    expect(errorOf(response)).toEqual({ code: 'template/not-found', message: 'Sorry that template was not found.' });
    const tree = await t.request({ method: 'GET', url: '/api/mission/list/tree', token: token('member') });
    expect((tree.json() as { title: string }[]).map((m) => m.title)).not.toContain('Not mine');
  });

  it('answers 404 for an organisation template once the membership has ended', async () => {
    const template = await createTemplate(t, token('admin'), { ...planned, title: 'Members only', isPrivate: false, org: w.orgId });
    const leaver = await verifiedPerson(t);
    await addMember(t, w.orgId, leaver, 'MEMBER', { endDate: '2020-01-01' });
    const response = await createMission(leaver.token, { title: 'After leaving', template: template._id });
    expectStatus(response, 404);
    expect(errorOf(response).code).toBe('template/not-found');
  });
});
