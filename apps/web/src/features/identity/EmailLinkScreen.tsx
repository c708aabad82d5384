import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { EmailLinkMode } from '@crewplan/domain/shared/constants';
import { TIMINGS } from '@crewplan/domain/shared/constants';
import { profileQuery } from '../../lib/profile.ts';
import { queryClient } from '../../lib/query-client.ts';
import { disconnectRealtime } from '../../lib/realtime.ts';
import { getToken, setToken, useToken } from '../../lib/token.ts';
import { navigate, setParams, useUrl } from '../../lib/url-state.ts';
import { isEmailLinkMode, needsSignIn } from './email-link-modes.ts';
import {
  recoverEmail,
  resetPassword,
  unsubscribe,
  verifyAndChangeEmail,
  verifyEmail,
  verifySecondaryEmail,
  type LinkResult,
} from './email-links.ts';

const RUNNERS: Record<Exclude<EmailLinkMode, 'resetPassword'>, (oobCode: string) => Promise<LinkResult>> = {
  verifyEmail,
  verifyAndChangeEmail,
  verifyEmailSecondary: verifySecondaryEmail,
  recoverEmail,
  unsubscribe,
};

/** Results that are worth reading show in a dialog; verifications are a toast. */
const SHOWN_IN_DIALOG: ReadonlySet<EmailLinkMode> = new Set(['recoverEmail', 'unsubscribe']);

const clearLink = () => setParams({ mode: null, oobCode: null }, { replace: true });

/** Email-link flows opened by `?mode=…&oobCode=…` (spec section 2). */
export function EmailLinkScreen() {
  const { params } = useUrl();
  const signedIn = Boolean(useToken());
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  if (!isEmailLinkMode(mode) || !oobCode) return null;
  if (mode === 'resetPassword') return <ResetPasswordDialog oobCode={oobCode} />;
  if (needsSignIn(mode) && !signedIn) return <SignInFirstNotice />;
  return <EmailLinkRunner mode={mode} oobCode={oobCode} />;
}

function SignInFirstNotice() {
  return (
    <div style={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 300, width: 'min(92vw, 480px)' }}>
      <Alert role="status" title="One more step">
        Please sign in to finish confirming your email.
      </Alert>
    </div>
  );
}

/**
 * The recovery signs every session out on the server, so this tab lets go of its token first: a call of the old
 * session refused meanwhile would otherwise sign out here and take the result's dialog with it. A refused link
 * gives the token back.
 */
async function recoverSignedOut(oobCode: string): Promise<LinkResult> {
  const token = getToken();
  setToken(null);
  disconnectRealtime();
  const result = await recoverEmail(oobCode);
  if (!result.ok && token) setToken(token);
  return result;
}

function EmailLinkRunner({ mode, oobCode }: { mode: Exclude<EmailLinkMode, 'resetPassword'>; oobCode: string }) {
  // a query runs the link once per code, even when the screen remounts
  const link = useQuery({
    queryKey: ['email-link', mode, oobCode],
    queryFn: () => (mode === 'recoverEmail' ? recoverSignedOut(oobCode) : RUNNERS[mode](oobCode)),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const result = link.data;
  const inDialog = SHOWN_IN_DIALOG.has(mode);

  useEffect(() => {
    if (!result) return;
    if (mode === 'recoverEmail' && result.ok) queryClient.removeQueries({ queryKey: profileQuery.queryKey });
    if (inDialog) return;
    notifications.show({
      id: `email-link-${oobCode}`,
      color: result.ok ? 'green' : 'red',
      title: result.ok ? result.title : undefined,
      message: result.message,
      autoClose: result.ok ? TIMINGS.toastDefaultMs : TIMINGS.toastOverlapMs,
    });
    if (result.ok) void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    clearLink();
  }, [result, mode, oobCode, inDialog]);

  if (!inDialog || !result) return null;
  return (
    <Modal opened onClose={clearLink} title={result.ok ? result.title : 'Email link'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text role={result.ok ? 'status' : 'alert'}>{result.message}</Text>
        <Group justify="flex-end">
          <Button onClick={clearLink}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ResetPasswordDialog({ oobCode }: { oobCode: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 8) return setMessage('Please use at least 8 characters.');
    if (password !== confirmation) return setMessage('The two passwords are not the same.');
    setPending(true);
    setMessage(null);
    const result = await resetPassword(oobCode, password).catch((): LinkResult => ({
      ok: false,
      message: 'Sorry. Please try again later or contact us if the issue persists.',
    }));
    setPending(false);
    if (!result.ok) return setMessage(result.message);
    notifications.show({ color: 'green', title: result.title, message: result.message });
    navigate('/home', { replace: true });
  };

  return (
    <Modal opened onClose={clearLink} title="Choose a new password" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-autofocus
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
          />
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={clearLink}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
