import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@crewplan/domain/messages/index';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { profileQuery, type Profile } from '../../lib/profile.ts';
import { queryClient } from '../../lib/query-client.ts';

const refreshProfile = () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });

export function useUploadAvatar() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return api<unknown>('/people/profile/avatar', { method: 'POST', body: form });
    },
    onSuccess: refreshProfile,
  });
}

/** Resend the verification mail; 429 means one is already on its way. */
export async function resendVerification(email: string): Promise<string> {
  try {
    await api('/people/profile/email/verify', { method: 'PUT', body: { email } });
    return ACCOUNT_MESSAGES.verificationSent;
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return ACCOUNT_MESSAGES.verificationAlreadySent;
    throw error;
  }
}

export type EmailChangeOutcome = { ok: true; message: string } | { ok: false; message: string };

/** Changes the primary email: refused when another person has it; may need a confirmation link. */
export async function changeEmail(email: string): Promise<EmailChangeOutcome> {
  try {
    const { exists } = await api<{ exists: boolean }>(`/people/exists-other-person-with-email/${encodeURIComponent(email)}`);
    if (exists) return { ok: false, message: ACCOUNT_MESSAGES.emailInUse };
    const { status } = await api<{ status: 'updated' | 'verification-sent' }>('/people/profile/email/update', {
      method: 'PUT',
      body: { email },
    });
    await refreshProfile();
    return status === 'updated'
      ? { ok: true, message: `Your email is now ${email}.` }
      : { ok: true, message: `We sent a link to ${email}. Open it to finish the change.` };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'auth/email-already-in-use') return { ok: false, message: ACCOUNT_MESSAGES.emailInUse };
    return { ok: false, message: ACCOUNT_MESSAGES.emailUpdateFailed };
  }
}

export function useSecondaryEmails() {
  const call = (path: string, method: 'PUT' | 'POST') => (email: string) =>
    api<Profile | unknown>(`/people/profile/email/list/${path}`, { method, body: { email } });
  return {
    add: useMutation({ mutationFn: call('add', 'PUT'), onSuccess: refreshProfile }),
    remove: useMutation({ mutationFn: call('remove', 'PUT'), onSuccess: refreshProfile }),
    sendVerification: useMutation({ mutationFn: call('verification/send', 'POST') }),
  };
}
