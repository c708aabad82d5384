import { Text } from '@mantine/core';
import type { OpenConfirmModal } from '@mantine/modals';

/**
 * What an approver confirms before reopening an approved week (`who`'s week of `week`): it goes back to the person as
 * a draft to change and submit again, and its hours stop counting until it is approved again.
 */
export function reopenConfirmation({ who, week, onConfirm }: { who: string; week: string; onConfirm: () => void }): OpenConfirmModal {
  return {
    title: 'Reopen this approved week?',
    children: (
      <Text size="sm">
        {who}&apos;s week of {week} goes back to them as a draft, for them to change and submit again. Its hours do not count until it is
        approved again.
      </Text>
    ),
    labels: { confirm: 'Reopen week', cancel: 'Cancel' },
    onConfirm,
  };
}
