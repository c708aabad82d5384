import { useState } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@crewplan/domain/shared/constants';
import { resendMyVerification } from './api.ts';

/** The inviter's own email must be verified (rule 127): a notice with a resend button. */
export function VerifyNotice({ email }: { email: string }) {
  const [pending, setPending] = useState(false);
  const resend = async () => {
    setPending(true);
    try {
      notifications.show({ message: await resendMyVerification(email), autoClose: TIMINGS.toastVerifyNoticeMs });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Alert color="yellow" title="Verify your email to invite people" role="alert">
      <Text size="sm" mb="xs">
        We sent a link to {email}. Open it, then come back to send your invite.
      </Text>
      <Button size="xs" variant="default" loading={pending} onClick={() => void resend()}>
        Resend verification email
      </Button>
    </Alert>
  );
}
