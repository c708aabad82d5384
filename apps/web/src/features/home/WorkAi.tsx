import { Badge, Button, EmptyState, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSparkles } from '@tabler/icons-react';
import { rankTasks } from '@crewplan/domain/home/weight';
import { clampTitle, taskPills } from '@crewplan/domain/home/task-master';
import { workAiCardLimit, workAiCards, WORK_AI_STACKED_WIDTH } from '@crewplan/domain/home/work-ai';
import type { MissionInviteByToken } from '@crewplan/domain/team/team';
import { setParams } from '../../lib/url-state.ts';
import { useAnswerInvite } from './api.ts';
import { whenText, type HomeTask } from './home-tasks.ts';
import { TaskPills } from './TaskPills.tsx';
import { plural } from '@crewplan/domain/shared/words';
import { dayIn } from '@crewplan/domain/shared/days';
import { useTimeZone } from '../../lib/time-zone.ts';

const EMPTY = 'Nothing to see here... create more action items.';

const openTask = (task: HomeTask) => setParams({ mission: task.mission._id, 'action-item': task.item._id });

function TaskCard({ task, now, timeZone }: { task: HomeTask; now: Date; timeZone: string }) {
  const when = whenText(task.item);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Task ${task.item.title}`} data-testid="work-ai-card">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {task.mission.title}
          </Text>
          <Title order={3} size="h5" lineClamp={3}>
            {clampTitle(task.item.title, 'actionItem')}
          </Title>
          <Text size="sm">{when ?? 'No due date'}</Text>
          <Group gap={4}>
            {task.item.metaType === 'Critical' && (
              <Badge size="sm" variant="outline" color="red.9">
                Critical
              </Badge>
            )}
            <TaskPills pills={taskPills(task.item, task.mission.projectType, now, timeZone)} />
          </Group>
        </Stack>
        <Button size="xs" variant="light" onClick={() => openTask(task)} aria-label={`Open ${task.item.title}`}>
          Open
        </Button>
      </Stack>
    </Paper>
  );
}

function InviteActions({ invite }: { invite: MissionInviteByToken }) {
  const answer = useAnswerInvite();
  const reply = (choice: 'accept' | 'reject') =>
    answer.mutate({ id: invite._id, answer: choice }, { onError: (error) => notifications.show({ color: 'red', message: error.message }) });
  return (
    <Group gap="xs">
      <Button
        size="xs"
        onClick={() => reply('accept')}
        loading={answer.isPending}
        aria-label={`Accept the invite to ${invite.mission.title}`}
      >
        Accept
      </Button>
      <Button size="xs" variant="default" onClick={() => reply('reject')} aria-label={`Decline the invite to ${invite.mission.title}`}>
        Decline
      </Button>
    </Group>
  );
}

const inviter = (invite: MissionInviteByToken) =>
  invite.invitedBy ? `${invite.invitedBy.firstName} ${invite.invitedBy.lastName}`.trim() : 'Somebody';

function InviteCard({ invite }: { invite: MissionInviteByToken }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Invite to ${invite.mission.title}`} data-testid="work-ai-card">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Mission invite
          </Text>
          <Title order={3} size="h5">
            {invite.mission.title}
          </Title>
          <Text size="sm">{inviter(invite)} invites you to join.</Text>
        </Stack>
        <InviteActions invite={invite} />
      </Stack>
    </Paper>
  );
}

/** More than 3 invites: one card listing them all (rule 234). */
function InvitesCard({ invites }: { invites: MissionInviteByToken[] }) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={plural(invites.length, 'mission invite')}
      data-testid="work-ai-card"
    >
      <Text size="xs" c="dimmed">
        Mission invites
      </Text>
      <Title order={3} size="h5" mb="xs">
        {plural(invites.length, 'mission invites', 'missions invite')} you
      </Title>
      <Stack gap="xs">
        {invites.map((invite) => (
          <Stack key={invite._id} gap={4}>
            <Text size="sm" fw={500} lineClamp={1}>
              {invite.mission.title}
            </Text>
            <InviteActions invite={invite} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** Work AI (rules 233–235): invites, then my heaviest tasks of the day as cards. */
export function WorkAi({ tasks, invites, me }: { tasks: HomeTask[]; invites: MissionInviteByToken[]; me: string }) {
  const { width } = useViewportSize();
  const now = new Date();
  const timeZone = useTimeZone();
  const today = dayIn(now, timeZone);
  const ranked = rankTasks(
    tasks.filter((task) => task.item.people.includes(me)),
    (task) => task.item,
    (task) => task.mission,
    today,
  ).filter((entry) => entry.weight > 0);
  // before the first measure the width reads 0: count as wide
  const limit = workAiCardLimit(width || window.innerWidth);
  const cards = workAiCards(
    ranked.map((entry) => entry.task),
    invites,
    limit,
  );
  if (cards.length === 0) return <EmptyState icon={<IconSparkles size={32} aria-hidden="true" />} withIndicatorBackground title={EMPTY} />;
  const stacked = (width || window.innerWidth) < WORK_AI_STACKED_WIDTH;
  return (
    <SimpleGrid cols={stacked ? 1 : Math.min(limit, 5)} spacing="md" data-testid="work-ai">
      {cards.map((card) =>
        card.kind === 'task' ? (
          <TaskCard key={card.task.item._id} task={card.task} now={now} timeZone={timeZone} />
        ) : card.kind === 'invite' ? (
          <InviteCard key={card.invite._id} invite={card.invite} />
        ) : (
          <InvitesCard key="invites" invites={card.invites} />
        ),
      )}
    </SimpleGrid>
  );
}
