import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_MESSAGES } from '@crewplan/domain/messages/index';
import type { Profile } from '../../lib/profile.ts';
import { changeEmail, resendVerification, useSecondaryEmails } from './api.ts';
import { emailChangeProblem } from './my-space-rules.ts';

const toastError = (message: string) => notifications.show({ color: 'red', message });

function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <Badge color={verified ? 'green' : 'gray'} variant="light">
      {verified ? 'Verified' : 'Not verified'}
    </Badge>
  );
}

export function EmailTab({ profile }: { profile: Profile }) {
  return (
    <Stack gap="xl">
      <PrimaryEmail profile={profile} />
      <ChangeEmail profile={profile} />
      <SecondaryEmails profile={profile} />
    </Stack>
  );
}

function PrimaryEmail({ profile }: { profile: Profile }) {
  const [pending, setPending] = useState(false);
  const resend = async () => {
    setPending(true);
    try {
      notifications.show({ message: await resendVerification(profile.email) });
    } catch {
      toastError('Sorry. Please try again later or contact us if the issue persists.');
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Primary email
      </Title>
      <Group>
        <Text data-testid="primary-email">{profile.email}</Text>
        <VerifiedBadge verified={profile.emailVerified} />
        {!profile.emailVerified && (
          <Button size="xs" variant="default" loading={pending} onClick={() => void resend()}>
            Resend verification
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function ChangeEmail({ profile }: { profile: Profile }) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailChangeProblem(profile.email, email);
    if (problem) return toastError(problem);
    setPending(true);
    const outcome = await changeEmail(email.trim().toLowerCase());
    setPending(false);
    if (!outcome.ok) return toastError(outcome.message);
    notifications.show({ color: 'green', message: outcome.message });
    setEmail('');
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Change email
        </Title>
        <Group align="flex-end">
          <TextInput
            label="New email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={pending}>
            Change email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SecondaryEmails({ profile }: { profile: Profile }) {
  const [email, setEmail] = useState('');
  const { add, remove, sendVerification } = useSecondaryEmails();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailChangeProblem(profile.email, email);
    if (problem) return toastError(problem);
    const address = email.trim().toLowerCase();
    if (profile.emailList.some((entry) => entry.email === address)) return toastError(`${address} is already in your list.`);
    add.mutate(address, {
      onSuccess: () => {
        setEmail('');
        notifications.show({ message: ACCOUNT_MESSAGES.verificationSent });
      },
      onError: (error) => toastError(error.message),
    });
  };
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Other emails
      </Title>
      <Text size="sm" c="dimmed">
        Emails you also use; invitations sent to them reach you.
      </Text>
      {profile.emailList.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {profile.emailList.map((entry) => (
            <Group component="li" key={entry.email} gap="sm">
              <Text>{entry.email}</Text>
              <VerifiedBadge verified={entry.verified} />
              {!entry.verified && (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() =>
                    sendVerification.mutate(entry.email, {
                      onSuccess: () => notifications.show({ message: ACCOUNT_MESSAGES.verificationSent }),
                      onError: () => notifications.show({ message: ACCOUNT_MESSAGES.verificationAlreadySent }),
                    })
                  }
                >
                  Send verification
                </Button>
              )}
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Remove ${entry.email}`}
                onClick={() => remove.mutate(entry.email, { onError: (error) => toastError(error.message) })}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput
            label="Add another email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" loading={add.isPending}>
            Add
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
