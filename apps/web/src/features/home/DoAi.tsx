import { Badge, Button, EmptyState, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { reasonText, rankTasks } from '@crewplan/domain/home/weight';
import { clampTitle } from '@crewplan/domain/home/task-master';
import { setParams } from '../../lib/url-state.ts';
import { whenText, type HomeTask } from './home-tasks.ts';
import { dayIn } from '@crewplan/domain/shared/days';
import { useTimeZone } from '../../lib/time-zone.ts';

/** Suggestions listed at most. */
const SUGGESTIONS = 10;

const weightText = (weight: number) => (Number.isInteger(weight) ? String(weight) : weight.toFixed(1));

/**
 * Do AI: my next actions, ranked by the task weight (rule 235), each with why it is there. Loaded on demand.
 */
export default function DoAi({ tasks, me }: { tasks: HomeTask[]; me: string }) {
  const today = dayIn(new Date(), useTimeZone());
  const ranked = rankTasks(
    tasks.filter((task) => task.item.people.includes(me)),
    (task) => task.item,
    (task) => task.mission,
    today,
  )
    .filter((entry) => entry.weight > 0)
    .slice(0, SUGGESTIONS);
  if (ranked.length === 0)
    return (
      <EmptyState
        icon={<IconBolt size={32} aria-hidden="true" />}
        withIndicatorBackground
        title="Nothing to see here... create more action items."
      />
    );
  return (
    <Stack gap="sm" component="ol" p={0} m={0} aria-label="Suggested next actions" data-testid="do-ai">
      {ranked.map(({ task, weight, reasons }, index) => {
        const when = whenText(task.item);
        return (
          <Paper key={task.item._id} component="li" withBorder p="md" radius="md" style={{ listStyle: 'none' }}>
            <Group justify="space-between" align="start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {index + 1}. {task.mission.title}
                  {when ? ` · ${when}` : ''}
                </Text>
                <Title order={3} size="h5">
                  {clampTitle(task.item.title, 'actionItem')}
                </Title>
                <List size="sm" aria-label={`Why ${task.item.title}`}>
                  {reasons.length === 0 ? (
                    <List.Item>Open and assigned to you</List.Item>
                  ) : (
                    reasons.map((reason) => <List.Item key={reason.kind}>{reasonText(reason)}</List.Item>)
                  )}
                </List>
              </Stack>
              <Stack gap="xs" align="end">
                <Badge variant="light" aria-label={`Weight ${weightText(weight)}`}>
                  {weightText(weight)}
                </Badge>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setParams({ mission: task.mission._id, 'action-item': task.item._id })}
                  aria-label={`Open ${task.item.title}`}
                >
                  Open
                </Button>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
