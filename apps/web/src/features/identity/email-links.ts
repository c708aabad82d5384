import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { authClient } from '../../lib/auth-client.ts';
import { emailLinkFailureMessage } from './sign-in-messages.ts';

export type LinkResult = { ok: true; message: string; title: string } | { ok: false; message: string };

function failed(error: unknown): LinkResult {
  if (error instanceof ApiError) return { ok: false, message: emailLinkFailureMessage(error) };
  return { ok: false, message: emailLinkFailureMessage({ status: 0 }) };
}

export async function verifyEmail(oobCode: string): Promise<LinkResult> {
  const { error } = await authClient.verifyEmail({ query: { token: oobCode } });
  if (error) return { ok: false, message: emailLinkFailureMessage({ status: error.status, code: error.code }) };
  return { ok: true, title: 'Email verified', message: 'Thank you. Your email is verified.' };
}

export async function verifyAndChangeEmail(oobCode: string): Promise<LinkResult> {
  try {
    await api('/people/profile/email/verify-update', { method: 'PUT', body: { oobCode } });
    return { ok: true, title: 'Email changed', message: 'Your new email is confirmed and is now your sign-in email.' };
  } catch (error) {
    return failed(error);
  }
}

export async function verifySecondaryEmail(oobCode: string): Promise<LinkResult> {
  try {
    await api('/people/profile/email/list/verify', { method: 'PUT', body: { oobCode } });
    return { ok: true, title: 'Email verified', message: 'Thank you. Your additional email is verified.' };
  } catch (error) {
    return failed(error);
  }
}

export async function recoverEmail(oobCode: string): Promise<LinkResult> {
  try {
    const { email } = await api<{ email: string }>('/auth/email/recover', { method: 'PUT', body: { oobCode } });
    return {
      ok: true,
      title: 'Email restored',
      message: `Your email was restored to ${email} and all your sessions were signed out. Please sign in and change your password.`,
    };
  } catch (error) {
    return failed(error);
  }
}

export async function unsubscribe(oobCode: string): Promise<LinkResult> {
  try {
    const { email } = await api<{ email: string }>(`/unsubscribe/email?token=${encodeURIComponent(oobCode)}`);
    return { ok: true, title: 'Unsubscribed', message: `You will no longer receive emails at ${email}` };
  } catch (error) {
    return failed(error);
  }
}

export async function resetPassword(oobCode: string, newPassword: string): Promise<LinkResult> {
  const { error } = await authClient.resetPassword({ newPassword, token: oobCode });
  if (error) {
    // a password the identity provider refuses says why; a bad token gets the spec's text
    if (error.code === 'PASSWORD_TOO_SHORT' || error.code === 'PASSWORD_TOO_LONG')
      return { ok: false, message: error.message ?? 'Please choose another password.' };
    return { ok: false, message: emailLinkFailureMessage({ status: error.status, code: error.code }) };
  }
  return { ok: true, title: 'Password changed', message: 'Your password was changed. Please sign in with it.' };
}
