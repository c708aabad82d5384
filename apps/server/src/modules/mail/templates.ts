import type { EmailLinkMode } from '@crewplan/domain';
import type { Mail } from './mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Link into the web app's email-link flow screen. */
export function emailLink(publicUrl: string, mode: EmailLinkMode, oobCode: string): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  return url.toString();
}

function linkMail(to: string, subject: string, intro: string, action: string, link: string, outro = ''): Mail {
  const text = `${intro}\n\n${action}: ${link}\n${outro ? `\n${outro}\n` : ''}\n— Crewplan`;
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>${
    outro ? `<p>${escapeHtml(outro)}</p>` : ''
  }<p>— Crewplan</p>`;
  return { to, subject, text, html };
}

export const mails = {
  verifyEmail: (to: string, link: string) =>
    linkMail(to, 'Verify your email for Crewplan', 'Please confirm that this is your email address.', 'Verify email', link),
  resetPassword: (to: string, link: string) =>
    linkMail(
      to,
      'Reset your Crewplan password',
      'Somebody asked to reset the password of your Crewplan account.',
      'Choose a new password',
      link,
      'If it was not you, you can ignore this email.',
    ),
  verifyAndChangeEmail: (to: string, link: string) =>
    linkMail(
      to,
      'Confirm your new Crewplan email',
      'Please confirm this address to make it your Crewplan sign-in email.',
      'Confirm new email',
      link,
    ),
  recoverEmail: (to: string, newEmail: string, link: string) =>
    linkMail(
      to,
      'Your Crewplan email was changed',
      `The sign-in email of your Crewplan account was changed to ${newEmail}.`,
      'If this was not you, restore your email',
      link,
    ),
  verifySecondaryEmail: (to: string, link: string) =>
    linkMail(to, 'Confirm your additional Crewplan email', 'Please confirm that this address belongs to you.', 'Confirm email', link),
  orgInvite: (to: string, invite: { orgTitle: string; inviterName: string; message: string }, link: string) =>
    linkMail(
      to,
      `You are invited to join ${invite.orgTitle} on Crewplan`,
      `${invite.inviterName || 'Somebody'} invited you to join the organization ${invite.orgTitle} on Crewplan.`,
      'See the invite',
      link,
      invite.message ? `Their message: ${invite.message}` : '',
    ),
  missionInvite: (to: string, invite: { missionTitle: string; inviterName: string; message: string; isTemplate: boolean }, link: string) =>
    linkMail(
      to,
      `You are invited to ${invite.isTemplate ? 'the template' : 'the mission'} ${invite.missionTitle} on Crewplan`,
      `${invite.inviterName || 'Somebody'} invited you to join ${invite.isTemplate ? 'the template' : 'the mission'} ${invite.missionTitle} on Crewplan.`,
      'See the invite',
      link,
      invite.message ? `Their message: ${invite.message}` : '',
    ),
  missionInviteRejected: (to: string, answer: { missionTitle: string; inviteeEmail: string }, link: string) =>
    linkMail(
      to,
      `${answer.inviteeEmail} declined your invite to ${answer.missionTitle}`,
      `${answer.inviteeEmail} declined your invite to join ${answer.missionTitle} on Crewplan.`,
      'Open the mission',
      link,
    ),
  /**
   * `unsubscribe.page` is the link people follow (the web confirms it); `unsubscribe.oneClick` is the API address a
   * mail client posts to by itself (RFC 8058 one-click, with List-Unsubscribe-Post).
   */
  notification: (
    to: string,
    notice: { title: string; body: string },
    link: string,
    unsubscribe: { page: string; oneClick: string },
  ): Mail => {
    const mail = linkMail(to, notice.title, notice.body || notice.title, 'Open in Crewplan', link);
    const footer = 'You receive this email because of a notification in Crewplan. Unsubscribe from these emails';
    return {
      ...mail,
      text: `${mail.text}\n\n${footer}: ${unsubscribe.page}`,
      html: `${mail.html}<p><a href="${escapeHtml(unsubscribe.page)}">${escapeHtml(footer)}</a></p>`,
      headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  },
};
