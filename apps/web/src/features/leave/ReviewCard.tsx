import { useState } from 'react';
import { Button, Card, Group, List, Stack, Text, TextInput } from '@mantine/core';
import type { LeaveReviewStage } from '@crewplan/domain/leave/rules';
import { FormError } from '../../components/FormError.tsx';
import { useLeaveAction, type LeaveImpact, type LeaveRequestView } from './api.ts';
import { AttachmentLinks } from './Attachments.tsx';
import { lengthLabel, span } from './format.ts';
import { reviewCalls } from './leave-rules.ts';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * One request under review with what it does to the projects: per mission, the roles and hours lost, the tasks due
 * in those days, who else is away, whether a role drops below its allocation. `stage` picks the decision calls.
 */
export function ReviewCard({
  request,
  impact,
  stage,
}: {
  request: LeaveRequestView;
  impact?: LeaveImpact;
  /** The reviewer's stage; null shows the request without decisions (its own person's view). */
  stage: LeaveReviewStage | null;
}) {
  const action = useLeaveAction();
  const [comment, setComment] = useState('');
  const calls = stage ? reviewCalls(request.status, stage) : null;
  const name = `${request.person.firstName} ${request.person.lastName}`;
  return (
    <Card withBorder p="md" data-testid="leave-review" data-leave={request._id}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {name} · {request.code?.description ?? 'Leave'} · {span(request.startDate, request.endDate)} (
            {lengthLabel(request.totalHours, request.code?.measuredInHours ?? false)})
          </Text>
          <StatusBadge status={request.status} />
        </Group>
        {request.comment && <Text size="sm">{request.comment}</Text>}
        <AttachmentLinks leaveId={request._id} attachments={request.attachments} />
        {impact && impact.missions.length === 0 && (
          <Text size="sm" c="dimmed">
            No mission roles or tasks in these days.
          </Text>
        )}
        {impact?.missions.map((mission) => (
          <Stack key={mission._id} gap={2} data-testid="leave-impact">
            <Text fw={500}>{mission.title}</Text>
            {mission.roles.map((role) => (
              <Text key={role.planItemId} size="sm" c={role.belowAllocation ? 'red' : undefined}>
                {role.title || 'Role'}: {role.hoursLost} h lost of {role.plannedHours} h planned
                {role.belowAllocation ? ' — below its allocation' : ''}
              </Text>
            ))}
            {mission.tasksDue.length > 0 && (
              <>
                <Text size="sm">Tasks due in these days:</Text>
                <List size="sm">
                  {mission.tasksDue.map((task) => (
                    <List.Item key={task._id}>
                      {task.title} ({task.endDate})
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {mission.teamAway.length > 0 && (
              <Text size="sm">
                Also away:{' '}
                {mission.teamAway
                  .map((away) => `${away.person.firstName} ${away.person.lastName} (${span(away.startDate, away.endDate)})`)
                  .join(', ')}
              </Text>
            )}
          </Stack>
        ))}
        {calls && (
          <Group align="flex-end">
            <TextInput
              size="xs"
              placeholder="Comment (optional)"
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={action.isPending}
              onClick={() => action.mutate({ path: calls.reject, ids: [request._id], comment })}
            >
              Reject
            </Button>
            <Button
              size="xs"
              loading={action.isPending}
              onClick={() => action.mutate({ path: calls.approve, ids: [request._id], comment })}
            >
              {calls.label}
            </Button>
          </Group>
        )}
        {action.error && <FormError>{action.error.message}</FormError>}
      </Stack>
    </Card>
  );
}
