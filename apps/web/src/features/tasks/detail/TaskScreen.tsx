import './styles.ts';
import { useEffect } from 'react';
import { Drawer, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { SHELL_MESSAGES } from '@crewplan/domain/messages/index';
import { isApiError } from '../../../lib/api-error.ts';
import { setParams } from '../../../lib/url-state.ts';
import { missionQuery, useMissionLive } from '../../../lib/mission-query.ts';
import { actionItemQuery, tasksOf, type MissionWithTasks } from '../api.ts';
import { TaskDetail } from './TaskDetail.tsx';

const close = () => setParams({ 'action-item': null });

/**
 * Task detail, opened by `?action-item=<id>` (from a card, a link or a notification): a drawer over whatever is
 * open. It reads the task from its mission (kept live by the mission's realtime room); an unknown task says
 * 'Sorry this task is no longer available.' and closes.
 */
export function TaskScreen({ value: itemId }: { value: string }) {
  const single = useQuery({ ...actionItemQuery(itemId), enabled: Boolean(itemId) });
  const missionId = single.data?.missionId ?? null;
  const mission = useQuery({ ...missionQuery(missionId ?? ''), enabled: Boolean(missionId) });
  useMissionLive(missionId);
  const data = mission.data as MissionWithTasks | undefined;
  const fromMission = data?.actionItems ? tasksOf(data).actionItems.find((item) => item._id === itemId) : undefined;
  const gone = !itemId || (single.error && (isApiError(single.error) ? single.error.status === 404 || single.error.status === 403 : true));
  const removed = Boolean(data?.actionItems && !fromMission && !single.isFetching && single.data);

  useEffect(() => {
    if (!gone) return;
    notifications.show({ id: `task-gone-${itemId}`, message: SHELL_MESSAGES.unknownTask, color: 'red' });
    close();
  }, [gone, itemId]);

  useEffect(() => {
    // deleted while open (seen on the mission first): read it once more; a 404 then closes it
    if (removed) void single.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [removed]);

  if (gone) return null;
  const item = fromMission ?? single.data;
  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      size="xl"
      zIndex={250}
      title={item ? item.title : 'Task'}
      aria-label={item ? `Task ${item.title}` : 'Task'}
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': 'Close the task' }}
    >
      {item && data ? <TaskDetail item={item} mission={data} /> : <Loader aria-label="Loading the task" />}
    </Drawer>
  );
}
