import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Mission } from '@crewplan/domain/missions/mission';
import { useProfile } from '../../lib/profile.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { tasksOf, useActionMutations, type MissionWithTasks } from './api.ts';
import { taskViewerOf } from './task-people.ts';
import { actionAccess, DONE } from './task-rules.ts';

const PARAM = 'complete-action';

/** What the prompt says instead of asking: the action is gone or done, or the person may not close it; null to ask. */
export function completeActionNotice(action: { title: string; status: string } | null, allowed: boolean): string | null {
  if (!action) return 'That action is no longer in this mission.';
  if (action.status === DONE) return `“${action.title}” is already done.`;
  return allowed ? null : `Sorry but you are not allowed to mark “${action.title}” done.`;
}

/**
 * `complete-action=<action id>` (a link or a notification): asks to mark that action of the open mission done, which
 * closes its tasks to changes, for those the task rules let complete it; anybody else, or an action that is done or
 * gone, is told so. The parameter goes once answered.
 */
export function CompleteActionPrompt({ mission }: { mission: Mission }) {
  const { params } = useUrl();
  const actionId = params.get(PARAM);
  const selfId = useProfile().data?._id ?? null;
  const { update } = useActionMutations(mission._id);
  if (!actionId) return null;
  const action = tasksOf(mission as MissionWithTasks).actions.find((entry) => entry._id === actionId) ?? null;
  const close = () => setParams({ [PARAM]: null }, { replace: true });
  const allowed = action !== null && actionAccess(taskViewerOf(mission, selfId), action).status;
  const complete = () =>
    update.mutate(
      { actionId, status: DONE },
      {
        onSuccess: () => {
          notifications.show({ message: `“${action!.title}” is done and closed: its tasks can no longer be changed or added to.` });
          close();
        },
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );

  const says = completeActionNotice(action, allowed);
  return (
    <Modal opened onClose={close} title="Complete the action" centered zIndex={400}>
      {says ? (
        <>
          <Text>{says}</Text>
          <Group justify="flex-end" mt="md">
            <Button onClick={close}>OK</Button>
          </Group>
        </>
      ) : (
        <>
          <Text>Mark “{action!.title}” done? Its tasks can then no longer be changed or added to, until it is reopened.</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={close}>
              Not now
            </Button>
            <Button color="teal.9" loading={update.isPending} onClick={complete}>
              Mark done
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
