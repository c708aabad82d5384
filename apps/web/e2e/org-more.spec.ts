import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, expectAccessible, latestMail, linkIn, screenshot, signIn, lookInBothModes, verifiedAccount } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** yyyy-mm-dd, `days` from now (UTC, as the server counts days). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An organisation made through the API, with a manager who accepted an invite, and the manager's person id. */
async function orgWithManager(page: Page, request: APIRequestContext, title = 'Northwind Planning') {
  const admin = await verifiedAccount(page, request, 'more-owner', { firstName: 'Ada', lastName: 'Owner' });
  const created = await request.post('/api/org', { data: { title, currency: 'EUR' }, headers: bearer(admin.token) });
  expect(created.status(), await created.text()).toBe(201);
  const org = (await created.json()) as { _id: string };
  const manager = await createAccount(request, 'more-manager', { firstName: 'Max', lastName: 'Manager' });
  const invite = await request.post(`/api/org/${org._id}/invite`, {
    data: { inviteeEmail: manager.email, config: { permission: 'MANAGER' } },
    headers: bearer(admin.token),
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const token = new URL(linkIn(await latestMail(request, manager.email, `You are invited to join ${title}`))).searchParams.get('token')!;
  const handled = await request.post(`/api/org-invite/handle/${token}`, { headers: bearer(manager.token) });
  const { invite: byToken } = (await handled.json()) as { invite: { _id: string } };
  const accepted = await request.put(`/api/org-invite/${byToken._id}/accept`, { headers: bearer(manager.token) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const list = (await (await request.get(`/api/v2/orgs/${org._id}/people`, { headers: bearer(admin.token) })).json()) as {
    people: { email: string; ref: { _id: string } }[];
  };
  const managerId = list.people.find((person) => person.email === manager.email)!.ref._id;
  const adminId = list.people.find((person) => person.email === admin.email)!.ref._id;
  return { admin, manager, managerId, adminId, orgId: org._id, title };
}

async function created(request: APIRequestContext, path: string, data: unknown, token: string): Promise<string> {
  const response = await request.post(path, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

test('client orders: list, add, edit and delete', async ({ page, request }) => {
  const { admin, orgId } = await orgWithManager(page, request);
  await created(request, `/api/org/${orgId}/client`, { name: 'Initech', currency: 'USD' }, admin.token);
  await signIn(page, admin.email);
  await page.goto(`/home?org=${orgId}&org-tab=clients`);
  await page.getByRole('button', { name: 'Orders of Initech' }).click();
  const dialog = page.getByRole('dialog', { name: 'Orders of Initech' });
  await expect(dialog.getByText('No orders yet.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Add order' }).click();
  const form = dialog.getByRole('form', { name: 'Add an order' });
  await form.getByLabel('Order code').fill('PO-1001');
  await form.getByLabel('Order title').fill('Discovery');
  await form.getByLabel('Amount').fill('12,500');
  await form.getByLabel('Start date').fill('2026-02-01');
  await form.getByLabel('End date').fill('2026-01-01');
  await form.getByRole('button', { name: 'Save order' }).click();
  await expect(form.getByRole('alert')).toHaveText('The end date is before the start date');
  await form.getByLabel('End date').fill('2026-06-30');
  await form.getByRole('button', { name: 'Save order' }).click();
  const orders = dialog.getByTestId('client-orders');
  await expect(orders).toContainText('PO-1001');
  await expect(orders).toContainText('12,500.00 USD');
  await expect(orders).toContainText('2026-02-01 – 2026-06-30');

  // a second order with the same code is refused by the server, with its message
  await dialog.getByRole('button', { name: 'Add order' }).click();
  await dialog.getByLabel('Order code').fill('PO-1001');
  await dialog.getByRole('button', { name: 'Save order' }).click();
  await expect(dialog.getByRole('form', { name: 'Add an order' }).getByRole('alert')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await dialog.getByRole('button', { name: 'Edit order PO-1001' }).click();
  await dialog.getByLabel('Order title').fill('Discovery and design');
  await dialog.getByRole('button', { name: 'Save order' }).click();
  await expect(orders).toContainText('Discovery and design');
  await expectAccessible(page, 'client orders');
  await page.screenshot({ path: screenshot('org-client-orders') });

  // the clients table lists the order codes
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('org-clients')).toContainText('PO-1001');

  await page.getByRole('button', { name: 'Orders of Initech' }).click();
  await dialog.getByRole('button', { name: 'Delete order PO-1001' }).click();
  await page.getByRole('dialog', { name: 'Delete order PO-1001?' }).getByRole('button', { name: 'Delete order' }).click();
  await expect(dialog.getByText('No orders yet.')).toBeVisible();
});

test('goals: edit departments, offices and owner; details list the programs; visibility follows the server', async ({
  page,
  browser,
  request,
}) => {
  const { admin, manager, managerId, adminId, orgId } = await orgWithManager(page, request);
  const engineering = await created(request, `/api/org/${orgId}/departments`, { title: 'Engineering' }, admin.token);
  await created(request, `/api/org/${orgId}/departments`, { title: 'Design' }, admin.token);
  await created(request, `/api/org/${orgId}/offices`, { title: 'Lisbon', country: 'PT' }, admin.token);
  const goalId = await created(
    request,
    `/api/org/${orgId}/goal`,
    { title: 'Grow in Europe', departments: [engineering], owner: null },
    admin.token,
  );
  await created(request, `/api/org/${orgId}/programs`, { title: 'Platform' }, admin.token);
  // the manager reaches Engineering only, so sees goals of Engineering
  const limited = await request.put(`/api/org/${orgId}/people/${managerId}`, {
    data: { accessibleDepartments: [engineering] },
    headers: bearer(admin.token),
  });
  expect(limited.status(), await limited.text()).toBe(200);

  // the program takes the goal as its portfolio and a manager (structure)
  await signIn(page, admin.email);
  await page.goto(`/home?org=${orgId}&org-tab=structure`);
  await page.getByRole('button', { name: 'Edit Platform' }).click();
  const programDialog = page.getByRole('dialog', { name: 'Edit program' });
  await programDialog.getByRole('combobox', { name: 'Portfolio' }).click();
  await page.getByRole('option', { name: 'Grow in Europe' }).click();
  await programDialog.getByRole('combobox', { name: 'Managers' }).click();
  await page.getByRole('option', { name: 'Max Manager' }).click();
  await programDialog.getByRole('button', { name: 'Save' }).click();
  await expect(programDialog).toBeHidden();
  await expect(page.getByTestId('org-programs')).toContainText('Grow in Europe');
  await expect(page.getByTestId('org-programs')).toContainText('Max Manager');

  // ?portfolio-details opens the programs under the goal
  await page.goto(`/home?org=${orgId}&portfolio-details=${goalId}`);
  const details = page.getByRole('dialog', { name: 'Portfolio Grow in Europe' });
  await expect(details.getByTestId('portfolio-programs')).toContainText('Platform');
  await expect(details.getByTestId('portfolio-programs')).toContainText('Max Manager');
  await expectAccessible(page, 'portfolio details');

  // the manager sees the goal while it belongs to Engineering
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await signIn(managerPage, manager.email);
  await managerPage.goto(`/home?org=${orgId}&org-goal=${goalId}`);
  const seen = managerPage.getByRole('dialog', { name: 'Goal Grow in Europe' });
  await expect(seen.getByLabel('Goal name')).toBeDisabled();
  await seen.getByRole('button', { name: 'Done' }).click();

  // ?org-goal opens it for editing: Design and Lisbon instead of Engineering, owned by the admin
  await details.getByRole('button', { name: 'Edit goal' }).click();
  await expect(page).toHaveURL(new RegExp(`org-goal=${goalId}`));
  const goalDialog = page.getByRole('dialog', { name: 'Edit goal Grow in Europe' });
  const departments = goalDialog.getByRole('combobox', { name: 'Departments' });
  await departments.focus();
  await page.keyboard.press('Backspace');
  await departments.click();
  await page.getByRole('option', { name: 'Design' }).click();
  await goalDialog.getByLabel('Goal name').click();
  await goalDialog.getByRole('combobox', { name: 'Offices' }).click();
  await page.getByRole('option', { name: 'Lisbon' }).click();
  await goalDialog.getByLabel('Goal name').click();
  await goalDialog.getByRole('combobox', { name: 'Owner' }).click();
  await page.getByRole('option', { name: 'Ada Owner' }).click();
  await expectAccessible(page, 'goal editor');
  await goalDialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(goalDialog).toBeHidden();
  await expect(page).not.toHaveURL(/org-goal=/);
  await expect(page.getByRole('tab', { name: 'Goals' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByTestId('org-goal').filter({ hasText: 'Grow in Europe' });
  await expect(card).toContainText('Design');
  await expect(card).toContainText('Lisbon');
  await expect(card).not.toContainText('Engineering');
  await expect(card).toContainText('Owner: Ada Owner');
  const saved = (await (await request.get(`/api/org/${orgId}`, { headers: bearer(admin.token) })).json()) as {
    goals: { _id: string; owner: string }[];
  };
  expect(saved.goals.find((goal) => goal._id === goalId)?.owner).toBe(adminId);

  // now outside the manager's departments: the server no longer lists it to them, and the link says so
  await managerPage.goto(`/home?org=${orgId}&org-goal=${goalId}`);
  await expect(managerPage.getByText('Sorry that goal is not available to you. Maybe removed?')).toBeVisible();
  await expect(managerPage).not.toHaveURL(/org-goal=/);
  await expect(managerPage.getByRole('tab', { name: 'Goals' })).toHaveAttribute('aria-selected', 'true');
  await expect(managerPage.getByTestId('org-goal')).toHaveCount(0);
  await managerContext.close();
});

test('people: a scheduled end date, pre-service, leave amounts and the organisation email', async ({ page, request }) => {
  const { admin, manager, managerId, orgId } = await orgWithManager(page, request);
  await signIn(page, admin.email);
  await page.goto(`/home?org=${orgId}`);
  const people = page.getByTestId('org-people');
  await people.getByRole('button', { name: 'Actions for Max Manager' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Max Manager' });
  await dialog.getByRole('tab', { name: 'Dates and leave' }).click();

  // today is not after today
  await dialog.getByLabel('End date').fill(dayFromNow(0));
  await dialog.getByRole('button', { name: 'Schedule end date' }).click();
  await expect(dialog.getByText('The end date must be after today.')).toBeVisible();
  const endDate = dayFromNow(60);
  await dialog.getByLabel('End date').fill(endDate);
  await dialog.getByRole('button', { name: 'Schedule end date' }).click();
  await expect(page.getByText(`Max Manager leaves on ${endDate}.`)).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Years', exact: true }).fill('3');
  await dialog.getByRole('textbox', { name: 'Months', exact: true }).fill('6');
  await dialog.getByRole('textbox', { name: /^Annual leave: entitled days/ }).fill('25');
  await dialog.getByRole('textbox', { name: /^Annual leave: days carried over/ }).fill('2');
  await expectAccessible(page, 'person dates and leave');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = people.getByRole('row').filter({ hasText: 'Max Manager' });
  await expect(row).toContainText(`Leaves ${endDate}`);
  const person = (await (await request.get(`/api/org/${orgId}/people/${managerId}`, { headers: bearer(admin.token) })).json()) as {
    endDate: string;
    yearsOfPreService: string;
    leaveAmounts: Record<string, Record<string, { entitled: number; carryOver: number }>>;
  };
  const year = String(new Date().getFullYear());
  expect(person).toMatchObject({ endDate, yearsOfPreService: '3-6-0' });
  expect(person.leaveAmounts.annual?.[year]).toEqual({ entitled: 25, carryOver: 2 });

  // the organisation email: the same one is refused with the spec text, a new one shows in the table
  await row.getByRole('button', { name: 'Actions for Max Manager' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await dialog.getByRole('tab', { name: 'Email' }).click();
  await dialog.getByRole('button', { name: 'Change email' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("That's already your current email.");
  const newEmail = `max.manager-${Date.now().toString(36)}@northwind.test`;
  await dialog.getByRole('textbox', { name: /^Organisation email/ }).fill(newEmail);
  await dialog.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`The organisation email is now ${newEmail}.`)).toBeVisible();
  await expectAccessible(page, 'person email');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(people).toContainText(newEmail);
  await expect(people).not.toContainText(manager.email);

  // cancelling the end date
  await row.getByRole('button', { name: 'Actions for Max Manager' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await dialog.getByRole('tab', { name: 'Dates and leave' }).click();
  await dialog.getByRole('button', { name: 'Cancel end date' }).click();
  await expect(page.getByText('Max Manager no longer has an end date.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(row).not.toContainText('Leaves');
});

test('a limited manager is offered only the levels the server lets them give', async ({ page, request }) => {
  const { admin, manager, managerId, orgId } = await orgWithManager(page, request);
  const limited = await request.put(`/api/org/${orgId}/people/${managerId}`, {
    data: { permission: 'MANAGER_LIMITED' },
    headers: bearer(admin.token),
  });
  expect(limited.status(), await limited.text()).toBe(200);
  await signIn(page, manager.email);
  await page.goto(`/home?org=${orgId}&org-tab=invites`);
  await page.getByRole('combobox', { name: 'Permission' }).click();
  const offered = await page.getByRole('option').allTextContents();
  expect(offered).toEqual(['Member', 'Org observer', 'Limited org observer']);
});

test('the people table pages beyond one page of people', async ({ page, request }) => {
  const { admin, orgId } = await orgWithManager(page, request);
  // the server's answer, stretched to 120 people, so that paging shows without making 120 accounts
  await page.route(/\/api\/v2\/orgs\/[0-9a-f]{24}\/people\?/, async (route) => {
    const url = new URL(route.request().url());
    const real = new URL(url);
    real.searchParams.delete('offset');
    const answer = (await (await route.fetch({ url: real.toString() })).json()) as {
      people: { _id: string; ref: { _id: string; firstName: string } }[];
    };
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 200);
    const model = answer.people[0]!;
    const people = Array.from({ length: Math.min(limit, 120 - offset) }, (_, i) => ({
      ...model,
      _id: `${model._id.slice(0, 18)}${String(offset + i).padStart(6, '0')}`,
      ref: {
        ...model.ref,
        _id: `${model.ref._id.slice(0, 18)}${String(offset + i).padStart(6, '0')}`,
        firstName: `Person ${offset + i + 1}`,
      },
    }));
    await route.fulfill({ json: { people, total: 120 } });
  });
  await signIn(page, admin.email);
  await page.goto(`/home?org=${orgId}`);
  await expect(page.getByTestId('org-people-range')).toHaveText('Showing 1–50 of 120');
  await expect(page.getByTestId('org-people').getByRole('row')).toHaveCount(51);
  await page.getByRole('button', { name: 'Page 3' }).click();
  await expect(page.getByTestId('org-people-range')).toHaveText('Showing 101–120 of 120');
  await expect(page.getByTestId('org-people')).toContainText('Person 101');
  await expectAccessible(page, 'people pages');
});

test('Escape closes a dialog opened in the organisation area, then the area itself', async ({ page, request }) => {
  const { admin, orgId, title } = await orgWithManager(page, request);
  await created(request, `/api/org/${orgId}/client`, { name: 'Initech', currency: 'USD' }, admin.token);
  await signIn(page, admin.email);
  await page.goto(`/home?org=${orgId}&org-tab=clients`);
  await page.getByRole('button', { name: 'Orders of Initech' }).click();
  const orders = page.getByRole('dialog', { name: 'Orders of Initech' });
  await expect(orders).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(orders).toHaveCount(0);
  const area = page.getByRole('dialog', { name: `Organisation ${title}` });
  await expect(area).toBeVisible();
  await area.getByRole('tab', { name: 'Clients' }).focus();
  await page.keyboard.press('Escape');
  await expect(area).toHaveCount(0);
});

test('deleting the organisation needs its name typed', async ({ page, request }) => {
  const { admin, orgId, title } = await orgWithManager(page, request);
  await signIn(page, admin.email);
  await page.goto(`/home?hq&org=${orgId}`);
  const hq = page.getByRole('dialog', { name: 'Edit organisation' });
  await hq.getByRole('button', { name: 'Delete organisation' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${title}?` });
  const button = confirm.getByRole('button', { name: 'Delete for everyone' });
  await expect(button).toBeDisabled();
  await confirm.getByLabel('Organisation name').fill('Northwind');
  await expect(button).toBeDisabled();
  await confirm.getByLabel('Organisation name').fill(title.toLowerCase());
  await expect(button).toBeDisabled();
  await confirm.getByLabel('Organisation name').fill(title);
  await expectAccessible(page, 'delete organisation');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText(`${title} is deleted.`)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText("Sorry that Organization wasn't found. Maybe removed?")).toHaveCount(0);
  const gone = await request.get(`/api/org/${orgId}`, { headers: bearer(admin.token) });
  expect(gone.status()).toBe(404);
});

test('the organisation editors, light and dark', async ({ page, request }) => {
  const mode = 'dark';
  await page.setViewportSize({ width: 1280, height: 900 });
  const { admin, managerId, orgId, title } = await orgWithManager(page, request);
  const headers = bearer(admin.token);
  await request.put('/api/people/profile', { data: { mode, theme: 'main' }, headers });
  const engineering = await created(request, `/api/org/${orgId}/departments`, { title: 'Engineering' }, admin.token);
  const lisbon = await created(request, `/api/org/${orgId}/offices`, { title: 'Lisbon', country: 'PT' }, admin.token);
  const goalId = await created(
    request,
    `/api/org/${orgId}/goal`,
    { title: 'Grow in Europe', description: 'Two new markets by the end of the year.', departments: [engineering], offices: [lisbon] },
    admin.token,
  );
  await created(request, `/api/org/${orgId}/programs`, { title: 'Platform', portfolio: goalId, managers: [managerId] }, admin.token);
  await created(request, `/api/org/${orgId}/programs`, { title: 'Payments' }, admin.token);
  const clientId = await created(request, `/api/org/${orgId}/client`, { name: 'Initech', currency: 'USD' }, admin.token);
  for (const [code, amount] of [
    ['PO-1001', 12500],
    ['PO-1002', 800],
  ] as const)
    await created(
      request,
      `/api/org/${orgId}/client/${clientId}/order`,
      { code, title: 'Discovery', amount, startDate: '2026-02-01', endDate: '2026-06-30' },
      admin.token,
    );
  await request.post(`/api/org/${orgId}/schedule/people`, { data: { personId: managerId, endDate: dayFromNow(60) }, headers });
  await signIn(page, admin.email);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);

  await page.goto(`/home?org=${orgId}`);
  await expect(page.getByTestId('org-people')).toContainText('Leaves');
  await lookInBothModes(page, 'org-more-people');
  await page.getByRole('button', { name: 'Actions for Max Manager' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const person = page.getByRole('dialog', { name: 'Edit Max Manager' });
  await person.getByRole('tab', { name: 'Dates and leave' }).click();
  await expect(person.getByTestId('leave-amounts')).toBeVisible();
  await lookInBothModes(page, 'org-person-dates', { screen: 'person dates and leave' });
  await person.getByRole('tab', { name: 'Details' }).click();
  await lookInBothModes(page, 'org-person-details');
  await person.getByRole('button', { name: 'Done' }).click();

  await page.goto(`/home?org=${orgId}&org-tab=structure`);
  await expect(page.getByTestId('org-programs')).toContainText('Grow in Europe');
  await lookInBothModes(page, 'org-more-structure', { screen: 'structure with programs', fullPage: true });

  await page.goto(`/home?org=${orgId}&org-goal=${goalId}`);
  await expect(page.getByRole('dialog', { name: 'Edit goal Grow in Europe' })).toBeVisible();
  await lookInBothModes(page, 'org-goal-edit');
  await page.goto(`/home?org=${orgId}&portfolio-details=${goalId}`);
  await expect(page.getByTestId('portfolio-programs')).toContainText('Platform');
  await lookInBothModes(page, 'org-portfolio-details', { screen: 'portfolio details' });
  await page.getByRole('dialog', { name: 'Portfolio Grow in Europe' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('org-goal')).toHaveCount(1);
  await lookInBothModes(page, 'org-more-goals');

  await page.goto(`/home?org=${orgId}&org-tab=clients`);
  await page.getByRole('button', { name: 'Orders of Initech' }).click();
  await expect(page.getByTestId('client-orders')).toContainText('PO-1002');
  await page.getByRole('button', { name: 'Add order' }).click();
  await lookInBothModes(page, 'org-client-orders', { screen: 'client orders' });

  await page.goto(`/home?hq&org=${orgId}`);
  await page.getByRole('dialog', { name: 'Edit organisation' }).getByRole('button', { name: 'Delete organisation' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${title}?` })
    .getByLabel('Organisation name')
    .fill('North');
  await lookInBothModes(page, 'org-delete', { screen: 'delete organisation' });
});
