import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SIGN_IN_MESSAGES } from '@crewplan/domain/messages/index';
import { TIMINGS } from '@crewplan/domain/shared/constants';
import { isValidEmail } from '../../lib/email-format.ts';
import { missingCredentialsMessage } from './sign-in-messages.ts';
import { finishSignIn, requestPasswordReset, signInWithPassword, verifySignInCode } from './sign-in-flow.ts';
import { lookupSso, readSsoReturn, ssoSignOut, startSso, type SsoKind } from './sso-flow.ts';
import type { SsoLookup } from '@crewplan/domain/sso/sign-in';

type Step = 'password' | 'two-factor';

/** Email + password sign-in (new emails sign up), with the two-factor step and 'Forgot password'. */
export function LoginForm() {
  const [step, setStep] = useState<Step>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [slow, setSlow] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** A single sign-on refusal is on screen: sign out when the 6 s are over (rule 150). */
  const [signOutPending, setSignOutPending] = useState(false);
  const [setup, setSetup] = useState<SsoLookup | null>(null);

  // Back from an identity provider: finish the sign-in, or show why not. The return is read once (the
  // address is cleared), so it is finished even if this form has been re-mounted meanwhile.
  useEffect(() => {
    void readSsoReturn()
      .then(async (outcome) => {
        if (!outcome) return;
        if (outcome.kind === 'token') {
          setPending(true);
          await finishSignIn(outcome.token);
        } else if (outcome.kind !== 'redirecting') {
          setMessage(outcome.message);
          if (outcome.kind === 'sign-out') setSignOutPending(true);
        }
      })
      .catch(() => setMessage(SIGN_IN_MESSAGES.otherFailure))
      .finally(() => setPending(false));
  }, []);

  useEffect(() => {
    if (!signOutPending) return;
    const timer = window.setTimeout(() => {
      setSignOutPending(false);
      setMessage(null);
      void ssoSignOut();
    }, TIMINGS.ssoErrorSignOutMs);
    return () => window.clearTimeout(timer);
  }, [signOutPending]);

  // What the typed email's domain offers (single sign-on, Microsoft, password refused).
  useEffect(() => {
    setSetup(null);
    if (!isValidEmail(email.trim().toLowerCase())) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      lookupSso(email, controller.signal)
        .then((found) => setSetup(found))
        .catch(() => undefined);
    }, 400);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [email]);

  useEffect(() => {
    if (!pending) {
      setSlow(false);
      return;
    }
    const timer = window.setTimeout(() => setSlow(true), TIMINGS.signInTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [pending]);

  const run = async (work: () => Promise<{ kind: string; message?: string }>) => {
    setMessage(null);
    setPending(true);
    try {
      const outcome = await work();
      if (outcome.kind === 'two-factor') setStep('two-factor');
      if (outcome.kind === 'failed' || outcome.kind === 'sign-out') setMessage(outcome.message ?? SIGN_IN_MESSAGES.otherFailure);
      if (outcome.kind === 'sign-out') setSignOutPending(true);
    } catch {
      setMessage(SIGN_IN_MESSAGES.otherFailure);
    } finally {
      setPending(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingCredentialsMessage(email, password);
    if (missing) {
      setMessage(missing);
      return;
    }
    void run(() => signInWithPassword(email, password));
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void run(() => verifySignInCode(code));
  };

  const continueWith = (kind: SsoKind) => void run(() => startSso(kind, email));

  const forgotPassword = async () => {
    const target = email.trim().toLowerCase();
    if (!isValidEmail(target)) {
      setMessage(SIGN_IN_MESSAGES.resetNeedsEmail);
      return;
    }
    setMessage(null);
    const failure = await requestPasswordReset(target);
    if (failure) setMessage(failure);
    else notifications.show({ message: `Password reset details are on their way to ${target}.` });
  };

  const feedback = (
    <>
      {message && (
        <Alert color="red" role="alert" data-testid="sign-in-message">
          {message}
        </Alert>
      )}
      {pending && slow && (
        <Alert color="yellow" role="status">
          {SIGN_IN_MESSAGES.tooLong}
        </Alert>
      )}
    </>
  );

  if (step === 'two-factor') {
    return (
      <form onSubmit={submitCode} noValidate>
        <Stack>
          <Text>Enter the 6-digit code from your authenticator app.</Text>
          <TextInput
            label="Authentication code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-autofocus
            autoFocus
          />
          {feedback}
          <Group justify="space-between">
            <Anchor component="button" type="button" onClick={() => setStep('password')}>
              Back
            </Anchor>
            <Button type="submit" loading={pending} disabled={code.length !== 6}>
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitPassword} noValidate>
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        {setup?.required ? (
          <Text size="sm" data-testid="sso-required">
            Your organisation signs you in with {setup.sso ? 'single sign-on' : 'Microsoft'}.
          </Text>
        ) : (
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        )}
        {feedback}
        {!setup?.required && (
          <Group justify="space-between">
            <Anchor component="button" type="button" onClick={() => void forgotPassword()}>
              Forgot password
            </Anchor>
            <Button type="submit" loading={pending}>
              Sign in
            </Button>
          </Group>
        )}
        <Divider label="or" labelPosition="center" />
        <Button variant={setup?.sso ? 'filled' : 'default'} onClick={() => continueWith('sso')} disabled={pending}>
          Continue with single sign-on
        </Button>
        <Button variant={setup?.microsoft ? 'filled' : 'default'} onClick={() => continueWith('microsoft')} disabled={pending}>
          Continue with Microsoft
        </Button>
        <Text size="sm" c="dimmed">
          New here? Sign in with your email and a password of at least 8 characters and your account is created.
        </Text>
      </Stack>
    </form>
  );
}
