import { Badge, Button, EmptyState, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import type { Suggestion } from '@crewplan/domain/home/home';
import { reasonText } from '@crewplan/domain/home/weight';
import { clampTitle } from '@crewplan/domain/home/task-master';
import { setParams } from '../../lib/url-state.ts';
import { whenText } from './home-tasks.ts';

const weightText = (weight: number) => (Number.isInteger(weight) ? String(weight) : weight.toFixed(1));

/**
 * Do AI: my next actions, ranked by the task weight (rule 235, by the server), each with why it is there. Loaded on
 * demand.
 */
export default function DoAi({ suggestions: ranked }: { suggestions: Suggestion[] }) {
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
      {ranked.map(({ item, weight, reasons }, index) => {
        const when = whenText(item);
        return (
          <Paper key={item._id} component="li" withBorder p="md" radius="md" style={{ listStyle: 'none' }}>
            <Group justify="space-between" align="start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {index + 1}. {item.mission.title}
                  {when ? ` · ${when}` : ''}
                </Text>
                {/* a word longer than the card breaks rather than running under Open and widening the page */}
                <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                  {clampTitle(item.title, 'actionItem')}
                </Title>
                <List size="sm" aria-label={`Why ${item.title}`}>
                  {reasons.length === 0 ? (
                    <List.Item>Open and assigned to you</List.Item>
                  ) : (
                    reasons.map((reason) => <List.Item key={reason.kind}>{reasonText(reason)}</List.Item>)
                  )}
                </List>
              </Stack>
              <Stack gap="xs" align="end" style={{ flexShrink: 0 }}>
                <Badge variant="light" aria-label={`Weight ${weightText(weight)}`}>
                  {weightText(weight)}
                </Badge>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setParams({ mission: item.mission._id, 'action-item': item._id })}
                  aria-label={`Open ${item.title}`}
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
