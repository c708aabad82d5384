import { Badge, Button, EmptyState, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSparkles } from '@tabler/icons-react';
import { clampTitle, taskPills } from '@crewplan/domain/home/task-master';
import { workAiCardLimit, workAiCards, WORK_AI_NARROW_WIDTH, WORK_AI_STACKED_WIDTH } from '@crewplan/domain/home/work-ai';
import type { Suggestion } from '@crewplan/domain/home/home';
import type { MyItem } from '@crewplan/domain/tasks/tasks';
import type { MissionInviteByToken } from '@crewplan/domain/team/team';
import { isEmailNotVerified, VERIFY_EMAIL_PARAMS } from '../../lib/api-error.ts';
import { setParams } from '../../lib/url-state.ts';
import { useAnswerInvite } from './api.ts';
import { whenText } from './home-tasks.ts';
import { TaskPills } from './TaskPills.tsx';
import { plural } from '@crewplan/domain/shared/words';
import { useTimeZone } from '../../lib/time-zone.ts';

const EMPTY = 'Nothing to see here... create more action items.';

const openTask = (item: MyItem) => setParams({ mission: item.mission._id, 'action-item': item._id });

function TaskCard({ item, now, timeZone }: { item: MyItem; now: Date; timeZone: string }) {
  const when = whenText(item);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Task ${item.title}`} data-testid="work-ai-card">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {item.mission.title}
          </Text>
          <Title order={3} size="h5" lineClamp={3}>
            {clampTitle(item.title, 'actionItem')}
          </Title>
          <Text size="sm">{when ?? 'No due date'}</Text>
          <Group gap={4}>
            {item.metaType === 'Critical' && (
              <Badge size="sm" variant="outline" color="red.9">
                Critical
              </Badge>
            )}
            <TaskPills pills={taskPills(item, item.mission.projectType, now, timeZone)} />
          </Group>
        </Stack>
        <Button size="xs" variant="light" onClick={() => openTask(item)} aria-label={`Open ${item.title}`}>
          Open
        </Button>
      </Stack>
    </Paper>
  );
}

function InviteActions({ invite }: { invite: MissionInviteByToken }) {
  const answer = useAnswerInvite();
  const reply = (choice: 'accept' | 'reject') =>
    answer.mutate(
      { id: invite._id, answer: choice },
      {
        onError: (error) => {
          notifications.show({ color: 'red', message: error.message });
          // rule 137: accepting needs a verified email; My Space shows how to verify it
          if (isEmailNotVerified(error)) setParams(VERIFY_EMAIL_PARAMS);
        },
      },
    );
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

const AT_ONCE = { getInitialValueInEffect: false };

/**
 * The window's width as the cards' breakpoints see it (the smallest width of its band), from media queries: they
 * answer at once and stay quiet until a breakpoint is crossed, where reading the width itself forced a layout.
 */
function useCardsWidth(): number {
  const wide = useMediaQuery(`(min-width: ${WORK_AI_NARROW_WIDTH}px)`, undefined, AT_ONCE);
  const unstacked = useMediaQuery(`(min-width: ${WORK_AI_STACKED_WIDTH}px)`, undefined, AT_ONCE);
  return wide ? WORK_AI_NARROW_WIDTH : unstacked ? WORK_AI_STACKED_WIDTH : 0;
}

/** Work AI (rules 233–235): invites, then my heaviest tasks of the day (ranked by the server) as cards. */
export function WorkAi({ suggestions, invites }: { suggestions: Suggestion[]; invites: MissionInviteByToken[] }) {
  const width = useCardsWidth();
  const now = new Date();
  const timeZone = useTimeZone();
  const limit = workAiCardLimit(width);
  const cards = workAiCards(
    suggestions.map((entry) => entry.item),
    invites,
    limit,
  );
  if (cards.length === 0) return <EmptyState icon={<IconSparkles size={32} aria-hidden="true" />} withIndicatorBackground title={EMPTY} />;
  const stacked = width < WORK_AI_STACKED_WIDTH;
  return (
    <SimpleGrid cols={stacked ? 1 : Math.min(limit, 5)} spacing="md" data-testid="work-ai">
      {cards.map((card) =>
        card.kind === 'task' ? (
          <TaskCard key={card.task._id} item={card.task} now={now} timeZone={timeZone} />
        ) : card.kind === 'invite' ? (
          <InviteCard key={card.invite._id} invite={card.invite} />
        ) : (
          <InvitesCard key="invites" invites={card.invites} />
        ),
      )}
    </SimpleGrid>
  );
}
