import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addMember, createOrgWorld, errorOf, expectStatus, verifiedPerson, type OrgWorld } from './support/org.ts';
import { createTemplate, listTemplates, postTemplate, templateRow, type TemplateBody } from './support/templates.ts';

let t: TestApp;
let w: OrgWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
});
afterAll(async () => t.close());

const ORG_NOT_FOUND = 'org/not-found';
const token = (name: keyof OrgWorld['people']) => w.people[name].token;
const orgTemplate = (title: string, extra: Record<string, unknown> = {}) => ({ title, isPrivate: false, org: w.orgId, ...extra });

const bulkUpdate = (tokenValue: string | undefined, templates: Record<string, unknown>[]) =>
  t.request({ method: 'PUT', url: '/api/template/bulk', token: tokenValue, payload: { templates } });
const bulkDelete = (tokenValue: string | undefined, ids: string[]) =>
  t.request({ method: 'POST', url: '/api/template/delete/bulk', token: tokenValue, payload: { ids } });

describe('POST /api/template', () => {
  it('creates a personal template from data, with defaults and its owner’s abilities', async () => {
    const created = await createTemplate(t, token('member'), {
      title: '  Website launch ',
      description: 'Our usual launch',
      data: { projectType: 'kanban', budgetAvailable: 1234.5, durationDays: 60 },
      dataPlanItems: [{ title: 'Designer', role: 'Designer', startOffsetDays: 7, durationDays: 14, rate: 50, rateTime: 'Hourly' }],
    });
    expect(created).toMatchObject({
      title: 'Website launch',
      description: 'Our usual launch',
      isPrivate: true,
      org: null,
      isProposalTemplate: false,
      mission: null,
      owner: w.people.member.personId,
      data: { projectType: 'kanban', budgetAvailable: 1234.5, departmentTags: [], durationDays: 60 },
      dataPlanItems: [
        {
          type: 'person',
          title: 'Designer',
          role: 'Designer',
          allocation: 100,
          startOffsetDays: 7,
          durationDays: 14,
          rate: 50,
          rateTime: 'Hourly',
          pinnedTo: null,
        },
      ],
      abilities: { update: true, delete: true },
    });
    expect(await templateRow(t, created._id)).toMatchObject({ ownerId: w.people.member.personId, orgId: null });
  });

  it('defaults the data of a template made from nothing but a title', async () => {
    const created = await createTemplate(t, token('member'), { title: 'Blank' });
    expect(created.data).toEqual({ projectType: 'simple', budgetAvailable: null, departmentTags: [], durationDays: null });
    expect(created.dataPlanItems).toEqual([]);
  });

  it('refuses anonymous callers with 401', async () => {
    const response = await postTemplate(t, undefined, { title: 'x' });
    expectStatus(response, 401);
  });

  it.each([
    ['no title', { description: 'x' }, 'template.title'],
    ['blank title', { title: '   ' }, 'template.title'],
    ['organisation template without its organisation', { title: 'x', isPrivate: false }, 'template.org'],
    ['personal template with an organisation', { title: 'x', org: '0123456789abcdef01234567' }, 'template.org'],
    ['bad mission id', { title: 'x', mission: 'nope' }, 'template.mission'],
    ['allocation over 100', { title: 'x', dataPlanItems: [{ allocation: 500 }] }, 'template.dataPlanItems.0.allocation'],
    [
      'offset far outside any project',
      { title: 'x', dataPlanItems: [{ startOffsetDays: 99999 }] },
      'template.dataPlanItems.0.startOffsetDays',
    ],
    ['unknown plan item type', { title: 'x', dataPlanItems: [{ type: 'other' }] }, 'template.dataPlanItems.0.type'],
    ['unknown project type', { title: 'x', data: { projectType: 'waterfall' } }, 'template.data.projectType'],
    ['unknown field', { title: 'x', colour: 'red' }, 'template.colour'],
  ])('answers 400 for %s', async (_, template, field) => {
    const response = await postTemplate(t, token('member'), template);
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('validation');
    expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
  });

  describe('organisation templates (rule 107: who may create the organisation’s projects)', () => {
    it.each([
      ['admin', 201],
      ['manager', 201],
      ['limitedManager', 201],
      ['member', 403],
      ['observerOrg', 403],
      ['outsider', 404],
      ['otherOrgAdmin', 404],
    ] as const)('%s → %s', async (name, status) => {
      const response = await postTemplate(t, token(name), orgTemplate(`Org template by ${name}`));
      expectStatus(response, status);
      if (status === 201)
        expect(response.json()).toMatchObject({ isPrivate: false, org: w.orgId, abilities: { update: true, delete: true } });
      if (status === 404) expect(errorOf(response).code).toBe(ORG_NOT_FOUND);
    });

    it('lets a member allowed to create projects share one', async () => {
      const creator = await verifiedPerson(t);
      await addMember(t, w.orgId, creator, 'MEMBER', { canCreateProjects: true });
      const response = await postTemplate(t, creator.token, orgTemplate('By a project creator'));
      expectStatus(response, 201);
    });

    it('refuses a former member (membership ended)', async () => {
      const former = await verifiedPerson(t);
      await addMember(t, w.orgId, former, 'ADMIN', { endDate: '2020-01-01' });
      const response = await postTemplate(t, former.token, orgTemplate('Too late'));
      expectStatus(response, 404);
    });
  });
});

describe('GET /api/template', () => {
  beforeAll(async () => {
    await createTemplate(t, token('admin'), { title: 'L admin personal' });
    await createTemplate(t, token('member'), { title: 'L member personal' });
    await createTemplate(t, token('admin'), orgTemplate('L admin org'));
    await createTemplate(t, token('manager'), orgTemplate('L manager org'));
    await createTemplate(t, token('admin'), orgTemplate('L proposal', { isProposalTemplate: true }));
    await createTemplate(t, token('otherOrgAdmin'), { title: 'L other org', isPrivate: false, org: w.otherOrgId });
  });
  const titles = (list: TemplateBody[]) => list.map((template) => template.title).filter((title) => title.startsWith('L '));

  it('lists my personal templates and my organisations’, newest first', async () => {
    expect(titles(await listTemplates(t, token('admin')))).toEqual(['L proposal', 'L manager org', 'L admin org', 'L admin personal']);
    expect(titles(await listTemplates(t, token('member')))).toEqual(['L proposal', 'L manager org', 'L admin org', 'L member personal']);
    expect(titles(await listTemplates(t, token('observerOrg')))).toEqual(['L proposal', 'L manager org', 'L admin org']);
    expect(titles(await listTemplates(t, token('otherOrgAdmin')))).toEqual(['L other org']);
    expect(titles(await listTemplates(t, token('outsider')))).toEqual([]);
  });

  it('carries what each caller may do: the owner, or the organisation’s admins and managers', async () => {
    const abilities = async (name: keyof OrgWorld['people']) =>
      Object.fromEntries((await listTemplates(t, token(name))).map((template) => [template.title, template.abilities.update]));
    expect(await abilities('admin')).toMatchObject({ 'L admin personal': true, 'L admin org': true, 'L manager org': true });
    expect(await abilities('manager')).toMatchObject({ 'L admin org': true, 'L manager org': true });
    expect(await abilities('limitedManager')).toMatchObject({ 'L admin org': false, 'L manager org': false });
    expect(await abilities('member')).toMatchObject({ 'L member personal': true, 'L admin org': false });
  });

  it('keeps one organisation with ?org= and proposal templates with ?isProposalTemplate=', async () => {
    expect(titles(await listTemplates(t, token('member'), `?org=${w.orgId}`))).toEqual(['L proposal', 'L manager org', 'L admin org']);
    expect(titles(await listTemplates(t, token('member'), '?isProposalTemplate=true'))).toEqual(['L proposal']);
    expect(titles(await listTemplates(t, token('member'), '?isProposalTemplate=false'))).toEqual([
      'L manager org',
      'L admin org',
      'L member personal',
    ]);
  });

  it('answers 404 for an organisation I am not a member of, and 400 for a bad query', async () => {
    const other = await t.request({ method: 'GET', url: `/api/template?org=${w.otherOrgId}`, token: token('admin') });
    expectStatus(other, 404);
    expect(errorOf(other).code).toBe(ORG_NOT_FOUND);
    expectStatus(await t.request({ method: 'GET', url: '/api/template?org=nope', token: token('admin') }), 400);
    expectStatus(await t.request({ method: 'GET', url: '/api/template?isProposalTemplate=maybe', token: token('admin') }), 400);
    expectStatus(await t.request({ method: 'GET', url: '/api/template?sort=title', token: token('admin') }), 400);
  });

  it('shows the rates and budget of an organisation template only to those who may manage it (as project money)', async () => {
    const priced = await createTemplate(
      t,
      token('manager'),
      orgTemplate('Priced', { data: { budgetAvailable: 9000 }, dataPlanItems: [{ title: 'Lead', role: 'Lead', rate: 120 }] }),
    );
    const seen = async (name: keyof OrgWorld['people']) => {
      const template = (await listTemplates(t, token(name))).find((candidate) => candidate._id === priced._id)!;
      return [template.data.budgetAvailable, template.dataPlanItems[0]!.rate];
    };
    for (const name of ['manager', 'admin'] as const) expect(await seen(name)).toEqual([9000, 120]);
    for (const name of ['member', 'limitedManager', 'observerOrg'] as const) expect(await seen(name)).toEqual([null, null]);
  });

  it('stops listing an organisation’s templates once the membership ends', async () => {
    const leaver = await verifiedPerson(t);
    await addMember(t, w.orgId, leaver, 'MEMBER');
    expect(titles(await listTemplates(t, leaver.token))).toContain('L admin org');
    await addMember(t, w.orgId, leaver, 'MEMBER', { endDate: '2020-01-01' });
    expect(titles(await listTemplates(t, leaver.token))).toEqual([]);
  });

  it('refuses anonymous callers with 401', async () => {
    expectStatus(await t.request({ method: 'GET', url: '/api/template' }), 401);
  });
});

describe('PUT /api/template/bulk', () => {
  it('changes the owner’s templates: title, description, proposal flag', async () => {
    const a = await createTemplate(t, token('member'), { title: 'U a' });
    const b = await createTemplate(t, token('member'), { title: 'U b' });
    const response = await bulkUpdate(token('member'), [
      { _id: a._id, title: 'U a2', description: 'new' },
      { _id: b._id, isProposalTemplate: true },
    ]);
    expectStatus(response, 200);
    expect((response.json() as { templates: TemplateBody[] }).templates).toMatchObject([
      { _id: a._id, title: 'U a2', description: 'new', isProposalTemplate: false },
      { _id: b._id, title: 'U b', isProposalTemplate: true },
    ]);
    expect(await templateRow(t, a._id)).toMatchObject({ title: 'U a2', description: 'new' });
  });

  it.each([
    ['owner (member)', 'member', 200],
    ['org admin', 'admin', 200],
    ['org manager', 'manager', 200],
    ['limited manager', 'limitedManager', 403],
    ['another member', 'observerOrg', 403],
    ['outsider', 'outsider', 404],
    ['other organisation’s admin', 'otherOrgAdmin', 404],
  ] as const)('an organisation template shared by a member: %s → %s', async (_, name, status) => {
    const creator = await verifiedPerson(t);
    await addMember(t, w.orgId, creator, 'MEMBER', { canCreateProjects: true });
    const shared = await createTemplate(t, creator.token, orgTemplate('U shared'));
    const who = name === 'member' ? creator.token : token(name);
    const response = await bulkUpdate(who, [{ _id: shared._id, title: 'U renamed' }]);
    expectStatus(response, status);
    expect((await templateRow(t, shared._id))?.title).toBe(status === 200 ? 'U renamed' : 'U shared');
    if (status === 404) expect(errorOf(response)).toEqual({ code: 'template/not-found', message: 'Sorry that template was not found.' });
  });

  it('hides someone else’s personal template (404), even from an organisation admin', async () => {
    const personal = await createTemplate(t, token('member'), { title: 'U private' });
    const response = await bulkUpdate(token('admin'), [{ _id: personal._id, title: 'mine now' }]);
    expectStatus(response, 404);
    expect((await templateRow(t, personal._id))?.title).toBe('U private');
  });

  it('is all or nothing: one template the caller may not change leaves the others unchanged', async () => {
    const own = await createTemplate(t, token('member'), { title: 'U own' });
    const admins = await createTemplate(t, token('admin'), orgTemplate('U admins'));
    const forbidden = await bulkUpdate(token('member'), [
      { _id: own._id, title: 'U own changed' },
      { _id: admins._id, title: 'U admins changed' },
    ]);
    expectStatus(forbidden, 403);
    const missing = await bulkUpdate(token('member'), [
      { _id: own._id, title: 'U own changed' },
      { _id: '0123456789abcdef01234567', title: 'x' },
    ]);
    expectStatus(missing, 404);
    expect((await templateRow(t, own._id))?.title).toBe('U own');
    expect((await templateRow(t, admins._id))?.title).toBe('U admins');
  });

  describe('sharing (the owner’s choice)', () => {
    it('turns a personal template into an organisation template and back', async () => {
      const template = await createTemplate(t, token('manager'), { title: 'U to share' });
      const shared = await bulkUpdate(token('manager'), [{ _id: template._id, isPrivate: false, org: w.orgId }]);
      expectStatus(shared, 200);
      expect(shared.json()).toMatchObject({ templates: [{ isPrivate: false, org: w.orgId }] });
      expect((await listTemplates(t, token('member'))).map((x) => x._id)).toContain(template._id);
      const back = await bulkUpdate(token('manager'), [{ _id: template._id, isPrivate: true }]);
      expectStatus(back, 200);
      expect(back.json()).toMatchObject({ templates: [{ isPrivate: true, org: null }] });
      expect((await listTemplates(t, token('member'))).map((x) => x._id)).not.toContain(template._id);
    });

    it('refuses sharing with an organisation where the owner may not create projects (403) or is not a member (404)', async () => {
      const template = await createTemplate(t, token('member'), { title: 'U keep private' });
      expectStatus(await bulkUpdate(token('member'), [{ _id: template._id, isPrivate: false, org: w.orgId }]), 403);
      const outside = await bulkUpdate(token('member'), [{ _id: template._id, isPrivate: false, org: w.otherOrgId }]);
      expectStatus(outside, 404);
      expect(errorOf(outside).code).toBe(ORG_NOT_FOUND);
      expect(await templateRow(t, template._id)).toMatchObject({ isPrivate: true, orgId: null });
    });

    it('does not let an organisation admin take a member’s template out of the organisation', async () => {
      const creator = await verifiedPerson(t);
      await addMember(t, w.orgId, creator, 'MEMBER', { canCreateProjects: true });
      const shared = await createTemplate(t, creator.token, orgTemplate('U stays shared'));
      expectStatus(await bulkUpdate(token('admin'), [{ _id: shared._id, isPrivate: true }]), 403);
      expect(await templateRow(t, shared._id)).toMatchObject({ isPrivate: false, orgId: w.orgId });
    });

    it('answers 400 for a personal template given an organisation, or an organisation template without one', async () => {
      const template = await createTemplate(t, token('admin'), { title: 'U bad sharing' });
      const both = await bulkUpdate(token('admin'), [{ _id: template._id, isPrivate: true, org: w.orgId }]);
      expectStatus(both, 400);
      const noOrg = await bulkUpdate(token('admin'), [{ _id: template._id, isPrivate: false }]);
      expectStatus(noOrg, 400);
      expect(errorOf(noOrg).fields).toEqual({ org: 'An organization template needs its organization' });
    });
  });

  it('answers 400 to resave a template that has no template mission', async () => {
    const template = await createTemplate(t, token('admin'), { title: 'U no mission' });
    const response = await bulkUpdate(token('admin'), [{ _id: template._id, resave: true }]);
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('template/not-linked');
  });

  it.each([
    ['no templates', { templates: [] }],
    ['the same template twice', { templates: [{ _id: '0123456789abcdef01234567' }, { _id: '0123456789abcdef01234567' }] }],
    ['a bad id', { templates: [{ _id: 'x' }] }],
    ['an empty title', { templates: [{ _id: '0123456789abcdef01234567', title: '' }] }],
    ['an unknown field', { templates: [{ _id: '0123456789abcdef01234567', owner: 'me' }] }],
  ])('answers 400 for %s', async (_, payload) => {
    expectStatus(await t.request({ method: 'PUT', url: '/api/template/bulk', token: token('admin'), payload }), 400);
  });

  it('refuses anonymous callers with 401', async () => {
    expectStatus(await bulkUpdate(undefined, [{ _id: '0123456789abcdef01234567', title: 'x' }]), 401);
  });
});

describe('POST /api/template/delete/bulk', () => {
  it('deletes the owner’s templates', async () => {
    const a = await createTemplate(t, token('member'), { title: 'D a' });
    const b = await createTemplate(t, token('member'), { title: 'D b' });
    const response = await bulkDelete(token('member'), [a._id, b._id, a._id]);
    expectStatus(response, 200);
    expect(response.json()).toEqual({ deleted: [a._id, b._id], deletedMissions: [] });
    expect(await templateRow(t, a._id)).toBeUndefined();
    expect(await templateRow(t, b._id)).toBeUndefined();
  });

  it.each([
    ['owner', 'owner', 200],
    ['org admin', 'admin', 200],
    ['org manager', 'manager', 200],
    ['limited manager', 'limitedManager', 403],
    ['member', 'member', 403],
    ['outsider', 'outsider', 404],
  ] as const)('an organisation template shared by a member: %s → %s', async (_, name, status) => {
    const creator = await verifiedPerson(t);
    await addMember(t, w.orgId, creator, 'MEMBER', { canCreateProjects: true });
    const shared = await createTemplate(t, creator.token, orgTemplate('D shared'));
    const response = await bulkDelete(name === 'owner' ? creator.token : token(name), [shared._id]);
    expectStatus(response, status);
    expect(!!(await templateRow(t, shared._id))).toBe(status !== 200);
  });

  it('is all or nothing', async () => {
    const own = await createTemplate(t, token('member'), { title: 'D own' });
    const admins = await createTemplate(t, token('admin'), orgTemplate('D admins'));
    expectStatus(await bulkDelete(token('member'), [own._id, admins._id]), 403);
    expectStatus(await bulkDelete(token('member'), [own._id, '0123456789abcdef01234567']), 404);
    expect(await templateRow(t, own._id)).toBeDefined();
    expect(await templateRow(t, admins._id)).toBeDefined();
  });

  it('answers 400 for bad input and 401 to anonymous callers', async () => {
    expectStatus(await bulkDelete(token('admin'), []), 400);
    expectStatus(await bulkDelete(token('admin'), ['nope']), 400);
    expectStatus(await t.request({ method: 'POST', url: '/api/template/delete/bulk', token: token('admin'), payload: {} }), 400);
    expectStatus(await bulkDelete(undefined, ['0123456789abcdef01234567']), 401);
  });
});
