import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Code, Group, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QRCodeSVG } from 'qrcode.react';
import { authClient } from '../../lib/auth-client.ts';
import { profileQuery, type Profile } from '../../lib/profile.ts';
import { queryClient } from '../../lib/query-client.ts';
import { totpSecret } from './my-space-rules.ts';

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

const refreshProfile = () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });

export function TwoFactorTab({ profile }: { profile: Profile }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  return (
    <Stack gap="md" maw={560}>
      <Group>
        <Title order={2} size="h4">
          Two-factor authentication
        </Title>
        <Badge color={profile.multiFactor ? 'green' : 'gray'} variant="light">
          {profile.multiFactor ? 'On' : 'Off'}
        </Badge>
      </Group>
      <Text size="sm">A code from an authenticator app on your phone is asked for after your password when you sign in.</Text>
      {profile.multiFactor ? (
        <DisableForm />
      ) : enrolment ? (
        <ConfirmForm enrolment={enrolment} onDone={() => setEnrolment(null)} />
      ) : (
        <EnableForm onEnrolment={setEnrolment} />
      )}
    </Stack>
  );
}

function usePasswordStep(run: (password: string) => Promise<string | null>) {
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setMessage('Please enter your password.');
    setPending(true);
    setMessage(await run(password).catch(() => 'Sorry. Please try again later or contact us if the issue persists.'));
    setPending(false);
  };
  return { password, setPassword, message, pending, submit };
}

function EnableForm({ onEnrolment }: { onEnrolment: (enrolment: Enrolment) => void }) {
  const step = usePasswordStep(async (password) => {
    const { data, error } = await authClient.twoFactor.enable({ password });
    if (error || !data || !('totpURI' in data) || !data.totpURI) return 'Please check your password.';
    onEnrolment({ totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] });
    return null;
  });
  return (
    <form onSubmit={(event) => void step.submit(event)} noValidate>
      <Stack>
        <PasswordInput
          label="Your password"
          autoComplete="current-password"
          value={step.password}
          onChange={(event) => step.setPassword(event.currentTarget.value)}
        />
        {step.message && (
          <Alert color="red" role="alert">
            {step.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={step.pending}>
            Set up two-factor
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmForm({ enrolment, onDone }: { enrolment: Enrolment; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const secret = totpSecret(enrolment.totpURI);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const { error } = await authClient.twoFactor.verifyTotp({ code });
    setPending(false);
    if (error) return setMessage('That code did not work. Please check your authenticator app and try again.');
    notifications.show({ color: 'green', message: 'Two-factor authentication is on.' });
    await refreshProfile();
    onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <Text>1. Scan this code with your authenticator app.</Text>
        <div style={{ background: '#fff', padding: 12, width: 'fit-content', borderRadius: 8 }}>
          <QRCodeSVG value={enrolment.totpURI} size={176} role="img" aria-label="QR code for your authenticator app" />
        </div>
        <Text size="sm">
          Or type this key: <Code data-testid="totp-secret">{secret}</Code>
        </Text>
        {enrolment.backupCodes.length > 0 && (
          <Stack gap={4}>
            <Text size="sm">Keep these backup codes somewhere safe; each one signs you in once without your phone:</Text>
            <List size="sm" spacing={2} data-testid="backup-codes">
              {enrolment.backupCodes.map((backupCode) => (
                <List.Item key={backupCode}>
                  <Code>{backupCode}</Code>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <TextInput
          label="2. Code from your app"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
        />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={code.length !== 6}>
            Turn on two-factor
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableForm() {
  const step = usePasswordStep(async (password) => {
    const { error } = await authClient.twoFactor.disable({ password });
    if (error) return 'Please check your password.';
    notifications.show({ message: 'Two-factor authentication is off.' });
    await refreshProfile();
    return null;
  });
  return (
    <form onSubmit={(event) => void step.submit(event)} noValidate>
      <Stack>
        <PasswordInput
          label="Your password"
          autoComplete="current-password"
          value={step.password}
          onChange={(event) => step.setPassword(event.currentTarget.value)}
        />
        {step.message && (
          <Alert color="red" role="alert">
            {step.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={step.pending}>
            Turn off two-factor
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
