import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { PLAN_MESSAGES } from '@crewplan/domain/plan/plan';
import { isReasonLongEnough } from '@crewplan/domain/plan/rules';

/**
 * The role-reason prompt of a planner drop the organisation must approve (rule 71): the person is asked for with a
 * reason of at least 5 characters (rule 79: 'Please enter a longer description', the dialog stays open).
 */
export function ReasonPrompt(props: { busy: boolean; onSend: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    if (!isReasonLongEnough(reason)) return setError(PLAN_MESSAGES.longerDescription);
    props.onSend(reason.trim());
  };
  return (
    <Modal opened onClose={props.onCancel} title="Request this person" data-testid="planner-reason">
      <Stack gap="sm">
        <Text size="sm">Roles of this organization need approval. Tell the approvers why this person fits the role.</Text>
        <Textarea
          label="Reason"
          autosize
          minRows={2}
          maxLength={2000}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button onClick={send} loading={props.busy}>
            Send request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
