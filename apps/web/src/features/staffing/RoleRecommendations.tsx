import { useEffect, useState } from 'react';
import { Badge, Button, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Resource } from '@crewplan/domain/staffing/staffing';
import { FormError } from '../../components/FormError.tsx';
import { endSession, recommendationsQuery } from './api.ts';
import { fitText } from './recommendation-rules.ts';

type Props = {
  orgId: string;
  missionPlanId: string;
  /** Gives the role to this person through the plan's own assign path. */
  onPick: (personId: string) => void;
  busy?: boolean;
};

/**
 * The recommendation rows of a role (spec 3 §2): each person with availability %, leave-conflict % and fit %
 * (100 × score, one decimal), "Why?" for the reasons in words, and "Assign" for people on the project's team.
 */
export function RoleRecommendations({ orgId, missionPlanId, onPick, busy }: Props) {
  const query = useQuery(recommendationsQuery(orgId, missionPlanId));
  const sessionId = query.data?.sessionId;
  useEffect(() => (sessionId ? () => void endSession(sessionId) : undefined), [sessionId]);

  if (query.isPending) return <Loader size="sm" aria-label="Loading recommendations" />;
  if (query.isError) return <FormError>{query.error.message}</FormError>;
  const recommendation = query.data.recommendations[0];
  const rows = recommendation?.preAssigned.resources ?? [];
  if (rows.length === 0) return <Text size="sm">Nobody is free for this role.</Text>;
  return (
    <Stack gap="xs" aria-label="Recommended people">
      <Text size="xs" c="dimmed">
        {recommendation!.candidates} people considered for {recommendation!.neededHours} h
      </Text>
      {rows.map((row) => (
        <RecommendationRow key={row.personId} row={row} onPick={onPick} busy={busy} />
      ))}
    </Stack>
  );
}

function RecommendationRow({ row, onPick, busy }: { row: Resource; onPick: (personId: string) => void; busy?: boolean }) {
  const [why, setWhy] = useState(false);
  return (
    <Paper withBorder p="xs" data-testid={`recommendation-${row.personId}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          <Group gap={4}>
            <Badge variant="default">Availability {row.availabilityPercent}%</Badge>
            <Badge variant={row.leaveConflictPercent > 0 ? 'outline' : 'default'} color="red.9">
              Leave conflict {row.leaveConflictPercent}%
            </Badge>
            <Badge variant="default">Fit {fitText(row.fitPercent)}</Badge>
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={() => setWhy((open) => !open)} aria-expanded={why}>
            Why?
          </Button>
          <Button
            size="compact-xs"
            onClick={() => onPick(row.personId)}
            disabled={!row.onTeam}
            loading={busy}
            title={row.onTeam ? undefined : 'Invite them to the project first'}
          >
            {row.onTeam ? 'Assign' : 'Not on the team'}
          </Button>
        </Group>
      </Group>
      {why && (
        <List size="xs" mt={6} spacing={2}>
          {(row.explanation.reasons ?? []).map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
