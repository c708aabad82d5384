import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, expectAccessible, latestMail, linkIn, screenshot, signIn, verifiedAccount } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A 2×2 red PNG, pasted as an image. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==';

async function call<T>(request: APIRequestContext, token: string, method: 'post' | 'put', url: string, data?: unknown): Promise<T> {
  const response = await request[method](url, { data, headers: bearer(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A mission of `owner` with `member` on its team (level 0, invite accepted), one task with one subtask; nobody on the task. */
async function missionWithTask(request: APIRequestContext, owner: { token: string }, member: { email: string; token: string }) {
  const mission = await call<{ _id: string; planItems: { _id: string }[] }>(request, owner.token, 'post', '/api/mission', {
    title: 'Chat journey',
    projectType: 'simple',
    planStartDate: '2030-03-04',
    planEndDate: '2030-06-28',
  });
  await call(request, owner.token, 'post', `/api/mission/${mission._id}/invite`, { inviteeEmail: member.email });
  const mail = await latestMail(request, member.email, 'You are invited to the mission Chat journey');
  const token = new URL(linkIn(mail)).searchParams.get('token')!;
  const handled = await call<{ _id: string }>(request, member.token, 'post', `/api/mission-invite/handle/${token}`);
  await call(request, member.token, 'put', `/api/mission-invite/${handled._id}/accept`);
  const { action } = await call<{ action: { _id: string } }>(
    request,
    owner.token,
    'post',
    `/api/mission-plan/${mission.planItems[0]!._id}/action`,
    {
      title: 'Launch',
    },
  );
  const item = await call<{ _id: string }>(request, owner.token, 'post', `/api/action-item/action/${action._id}`, {
    title: 'Write the press release',
  });
  await call(request, owner.token, 'post', `/api/action-item/${item._id}/checklist`, { title: 'Pick the photo' });
  return { missionId: mission._id, itemId: item._id };
}

const chatOf = (page: Page) => page.getByTestId('task-chat');
const message = (page: Page, text: string) => chatOf(page).getByRole('article').filter({ hasText: text });

test('two people chat on a task: a mention brings the other in live (bell badge and mail), reply, clap, edit, delete, emoji, subtask chat, pasted image', async ({
  page,
  browser,
  request,
}) => {
  const owner = await verifiedAccount(page, request, 'chat-owner', { firstName: 'Ann', lastName: 'Author' });
  const member = await createAccount(request, 'chat-member', { firstName: 'Ben', lastName: 'Buddy' });
  const { missionId, itemId } = await missionWithTask(request, owner, member);
  const taskUrl = `/home?mission=${missionId}&action-item=${itemId}`;

  await signIn(page, owner.email);
  await page.goto(taskUrl);
  await expect(chatOf(page).getByRole('heading', { name: 'Team chat' })).toBeVisible();
  await expect(chatOf(page).getByText('No messages yet.')).toBeVisible();

  // Ben has the task open too: he is not on it (level 0), so he reads without a comment box
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member.email);
  await memberPage.goto(taskUrl);
  await expect(chatOf(memberPage).getByRole('heading', { name: 'Team chat' })).toBeVisible();
  await expect(chatOf(memberPage).getByText('No messages yet.')).toBeVisible();
  await expect(chatOf(memberPage).getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0);
  // his bell counts the mission invite he accepted through the API (never opened, so still unread)
  const bell = memberPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');

  // Ann mentions Ben with @ and sends with Ctrl+Enter
  const box = chatOf(page).getByRole('textbox', { name: 'Message', exact: true });
  await box.fill('Hello @be');
  await expect(page.getByRole('option', { name: 'Ben Buddy' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Ann Author' })).toHaveCount(0);
  await chatOf(page).screenshot({ path: screenshot('chat-mention-picker') });
  await page.getByRole('option', { name: 'Ben Buddy' }).click();
  await expect(box).toHaveValue('Hello @Ben Buddy ');
  await box.pressSequentially('can you draft it?');
  await box.press('Control+Enter');
  await expect(message(page, 'can you draft it?')).toBeVisible();
  await expect(box).toHaveValue('');

  // Ben sees it without a reload, the mention marked; being mentioned put him on the task, so he may answer
  const first = message(memberPage, 'can you draft it?');
  await expect(first).toBeVisible();
  await expect(first.locator('.mention')).toHaveText('@Ben Buddy');
  await expect(chatOf(memberPage).getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
  await chatOf(memberPage).screenshot({ path: screenshot('chat-member-live') });

  // the mention also reaches Ben's bell live: one more unread, without a reload
  await expect(bell).toHaveAccessibleName('Notifications (2 unread)');
  await expect(memberPage.getByTestId('notification-badge')).toContainText('2');

  // and his mailbox: a mail that opens the task and carries a one-click unsubscribe link
  const mentionMail = await latestMail(request, member.email, 'Ann Author mentioned you');
  expect(mentionMail.subject).toBe('Ann Author mentioned you');
  expect(mentionMail.text).toContain('can you draft it?');
  const openLink = new URL(linkIn(mentionMail));
  expect(openLink.searchParams.get('action-item')).toBe(itemId);
  expect(openLink.searchParams.get('mission')).toBe(missionId);
  const unsubscribeLink = /Unsubscribe from these emails: (\S+)/.exec(mentionMail.text)?.[1];
  expect(unsubscribeLink, mentionMail.text).toMatch(/[?&]mode=unsubscribe&oobCode=[^&\s]+/);
  // opened in a second tab of Ben's browser (his task stays open in the first), it confirms the address unsubscribed
  const mailTab = await memberContext.newPage();
  await mailTab.goto(unsubscribeLink!);
  const unsubscribed = mailTab.getByRole('dialog', { name: 'Unsubscribed' });
  await expect(unsubscribed.getByRole('status')).toHaveText(`You will no longer receive emails at ${member.email}`);
  await mailTab.screenshot({ path: screenshot('chat-mention-unsubscribed') });
  await unsubscribed.getByRole('button', { name: 'OK' }).click();
  await expect(unsubscribed).toBeHidden();
  await mailTab.close();

  // Ben replies: the reply quotes Ann's message
  await first.getByRole('button', { name: 'Reply' }).click();
  await expect(chatOf(memberPage).getByTestId('chat-replying')).toContainText('Ann Author');
  await chatOf(memberPage).getByRole('textbox', { name: 'Message', exact: true }).fill('On it, this afternoon.');
  await chatOf(memberPage).getByRole('button', { name: 'Send' }).click();
  const reply = message(page, 'On it, this afternoon.');
  await expect(reply).toBeVisible();
  await expect(reply.locator('blockquote')).toContainText('@Ann Author Hello @Ben Buddy can you draft it?');
  await expect(reply).toContainText('replying to Ann Author');
  await expect(message(page, 'can you draft it?').first()).toContainText('1 reply');

  // Ann claps; Ben sees the count
  await reply.getByRole('button', { name: 'Clap (0)' }).click();
  await expect(reply.getByRole('button', { name: 'Clap (1)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(message(memberPage, 'On it, this afternoon.').getByRole('button', { name: 'Clap (1)' })).toBeVisible();

  // Ben edits his reply; Ann sees it changed and marked edited
  const own = chatOf(memberPage).getByRole('article', { name: 'Message from Ben Buddy' });
  await own.getByRole('button', { name: 'Edit' }).click();
  await own.getByLabel('Edit message').fill('On it, tomorrow morning.');
  await own.getByRole('button', { name: 'Save' }).click();
  const edited = message(page, 'On it, tomorrow morning.');
  await expect(edited).toBeVisible();
  await expect(edited.getByTestId('chat-edited')).toHaveText('(edited)');
  await expect(edited.locator('blockquote')).toContainText('@Ann Author');
  // only the author edits
  await expect(edited.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // the emoji bar has 26 emojis and inserts at the caret
  await expect(chatOf(page).getByRole('toolbar', { name: 'Emojis' }).getByRole('button')).toHaveCount(26);
  await box.fill('Thanks ');
  await chatOf(page).getByRole('button', { name: 'Insert 👍' }).click();
  await expect(box).toHaveValue('Thanks 👍');
  await chatOf(page).getByRole('button', { name: 'Send' }).click();
  await expect(message(memberPage, 'Thanks 👍')).toBeVisible();
  await expectAccessible(page, 'task chat');
  await chatOf(page).screenshot({ path: screenshot('chat-owner') });

  // Ben deletes his message; it leaves Ann's chat
  await message(memberPage, 'tomorrow morning').getByRole('button', { name: 'Delete' }).click();
  await memberPage.getByRole('button', { name: 'Delete message' }).click();
  await expect(message(page, 'tomorrow morning')).toHaveCount(0);
  await expect(message(page, 'can you draft it?').first()).not.toContainText('1 reply');

  // the subtask's chat is titled by the subtask and keeps its own messages
  await chatOf(page).getByRole('combobox', { name: 'Chat' }).click();
  await page.getByRole('option', { name: 'Pick the photo' }).click();
  await expect(chatOf(page).getByRole('heading', { name: 'Pick the photo' })).toBeVisible();
  await expect(chatOf(page).getByText('No messages yet.')).toBeVisible();
  await box.fill('Which photo?');
  await box.press('Control+Enter');
  await expect(message(page, 'Which photo?')).toBeVisible();
  await expect(message(memberPage, 'Which photo?')).toHaveCount(0);

  // a pasted image is uploaded to the task and posted as an image message
  await box.evaluate((element, base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'photo.png', { type: 'image/png' }));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PNG_BASE64);
  const image = chatOf(page).getByRole('img', { name: 'Pasted image' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^\/api\/drive\/[0-9a-f]{24}$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(2);
  await chatOf(page).screenshot({ path: screenshot('chat-subtask') });
  await memberContext.close();

  // a link to a thread (room, roomName) brings the chat into view with that subtask's chat chosen
  await page.goto(`${taskUrl}&room=ActionItem&roomName=${encodeURIComponent('Pick the photo')}`);
  await expect(chatOf(page).getByRole('heading', { name: 'Pick the photo' })).toBeInViewport();
  await expect(message(page, 'Which photo?')).toBeVisible();
});
