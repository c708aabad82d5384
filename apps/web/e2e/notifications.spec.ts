import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, screenshot, signIn, verifiedAccount } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function post<T>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(url, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** Counts the oscillator notes the page starts, and when the first one started (the chime is WebAudio only). */
const COUNT_CHIMES = () => {
  const win = window as unknown as { chimes: number[] };
  win.chimes = [];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
    win.chimes.push(performance.now());
    return start.apply(this, args);
  };
};

test('a person with the app open is told live of a mission invite and a chat mention, opens the panel, answers, marks all read', async ({
  page,
  browser,
  request,
}) => {
  // one long story (two accounts, two live notifications, a waited-for chime): more than the default minute on a busy machine
  test.setTimeout(120_000);
  const owner = await verifiedAccount(page, request, 'notif-owner', { firstName: 'Nora', lastName: 'Owner' });
  const member = await verifiedAccount(page, request, 'notif-member', { firstName: 'Milo', lastName: 'Member' });
  const mission = await post<{ _id: string; planItems: { _id: string }[] }>(request, owner.token, '/api/mission', {
    title: 'Bell journey',
    planStartDate: '2030-03-04',
    planEndDate: '2030-06-28',
  });

  // the member has the app open; nothing to see yet
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.addInitScript(COUNT_CHIMES);
  await signIn(memberPage, member.email);
  const bell = memberPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  const panel = memberPage.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByTestId('notifications-empty')).toHaveText('No notifications yet.');
  await panel.getByRole('tab', { name: 'Invites' }).click();
  await expect(panel.getByTestId('notifications-empty')).toHaveText('No invites.');
  await panel.getByRole('tab', { name: 'Pinned' }).click();
  await expect(panel.getByTestId('notifications-empty')).toHaveText('No pinned tasks. Pin a task to keep it here.');
  await expectAccessible(memberPage, 'empty notification panel');
  await memberPage.screenshot({ path: screenshot('notifications-empty') });
  await memberPage.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // the owner invites the member: the badge changes without a reload, the chime follows 1.5 s later
  await post(request, owner.token, `/api/mission/${mission._id}/invite`, { inviteeEmail: member.email, message: 'Come aboard' });
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  const badgeAt = await memberPage.evaluate(() => performance.now());
  await expect(memberPage.getByTestId('notification-badge')).toContainText('1');
  await memberPage.getByRole('banner').screenshot({ path: screenshot('notifications-badge') });
  await expect
    .poll(() => memberPage.evaluate(() => (window as unknown as { chimes: number[] }).chimes.length), { timeout: 5_000 })
    .toBeGreaterThan(0);
  const chimeAt = await memberPage.evaluate(() => (window as unknown as { chimes: number[] }).chimes[0]!);
  expect(chimeAt - badgeAt).toBeGreaterThan(1_000);
  expect(chimeAt - badgeAt).toBeLessThan(3_000);

  await bell.click();
  await panel.getByRole('tab', { name: 'Invites' }).click();
  const invite = panel.getByTestId('notification-item').filter({ hasText: 'Nora Owner invited you to Bell journey' });
  await expect(invite).toContainText('Come aboard');
  await expect(invite).toHaveAttribute('data-unread', 'true');
  await expect(invite.getByRole('img', { name: 'Unread' })).toBeVisible();
  await expectAccessible(memberPage, 'notification panel with an invite');
  await memberPage.screenshot({ path: screenshot('notifications-invite') });

  // clicking it reads it and opens the invite; accepting opens the mission
  await invite.getByRole('button', { name: /^Nora Owner invited you/ }).click();
  const notice = memberPage.getByRole('dialog', { name: 'Invite' });
  await expect(notice).toContainText('Nora Owner invited you to the mission Bell journey.');
  await expectAccessible(memberPage, 'invite notice');
  await memberPage.screenshot({ path: screenshot('notifications-invite-notice') });
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`[?&]mission=${mission._id}`));
  await expect(bell).toHaveAccessibleName('Notifications');

  // a mention in a task chat arrives live; the thread opens beside the list
  const memberId = ((await (await request.get('/api/people/profile', { headers: bearer(member.token) })).json()) as { _id: string })._id;
  const { action } = await post<{ action: { _id: string } }>(
    request,
    owner.token,
    `/api/mission-plan/${mission.planItems[0]!._id}/action`,
    {
      title: 'Build',
    },
  );
  const task = await post<{ _id: string }>(request, owner.token, `/api/action-item/action/${action._id}`, { title: 'Paint the hull' });
  await post(request, owner.token, `/api/comment/room/ActionItem/id/${task._id}`, {
    text: 'Milo, can you take this one?',
    mentions: [memberId],
  });
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  await memberPage.goto('/home');
  await bell.click();
  await panel.getByRole('tab', { name: 'Chats' }).click();
  const mention = panel.getByTestId('notification-item').filter({ hasText: 'Nora Owner mentioned you' });
  await expect(mention).toContainText('Milo, can you take this one?');
  await mention.getByRole('button', { name: /^Nora Owner mentioned you/ }).click();
  const thread = panel.getByRole('region', { name: 'Thread' });
  await expect(thread).toContainText('Paint the hull');
  await expect(thread.getByRole('button', { name: 'Open the task' })).toBeVisible();
  await expect(thread.getByText('Milo, can you take this one?')).toBeVisible();
  await memberPage.screenshot({ path: screenshot('notifications-thread') });

  // the task is deleted: its thread is no longer available
  const removed = await request.delete(`/api/action-item/${task._id}`, { headers: bearer(owner.token) });
  expect(removed.status(), await removed.text()).toBe(200);
  await thread.getByRole('button', { name: 'Close the thread' }).click();
  await memberPage.reload();
  await bell.click();
  await panel.getByRole('tab', { name: 'Chats' }).click();
  await panel.getByRole('button', { name: /^Nora Owner mentioned you/ }).click();
  await expect(panel.getByTestId('thread-gone')).toContainText('Task no longer exists');
  await expect(panel.getByTestId('thread-gone')).toContainText('Oops. This thread is no longer available');
  await expectAccessible(memberPage, 'thread gone');
  await memberPage.screenshot({ path: screenshot('notifications-thread-gone') });

  // another mention arrives unread; mark all as read clears the marks and the badge; hiding removes one from the list
  await post(request, owner.token, `/api/comment/room/Mission/id/${mission._id}`, { text: 'Welcome aboard, Milo', mentions: [memberId] });
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  await panel.getByRole('tab', { name: 'All', exact: true }).click();
  await expect(panel.getByRole('img', { name: 'Unread' })).toHaveCount(1);
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(panel.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(panel.getByTestId('notification-item')).toHaveCount(3);
  await panel.getByRole('button', { name: /^Hide notification: Nora Owner invited you/ }).click();
  await expect(panel.getByTestId('notification-item')).toHaveCount(2);
  await memberPage.screenshot({ path: screenshot('notifications-all-read') });
  await memberContext.close();
});
