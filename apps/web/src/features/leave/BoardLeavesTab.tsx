import { Alert, Loader, Stack, Text } from '@mantine/core';
import { FormError } from '../../components/FormError.tsx';
import { useReviewLeave } from './api.ts';
import { ReviewCard } from './ReviewCard.tsx';

/** The board's Leaves tab: requests of the people on the missions I own or manage, to approve first (rule 212). */
export function BoardLeavesTab() {
  const list = useReviewLeave();
  if (list.isPending) return <Loader aria-label="Loading leave requests" />;
  if (list.isError) return <FormError>{list.error.message}</FormError>;
  const pending = list.data.requests.filter((request) => request.status === 'pending_approval');
  const others = list.data.requests.filter((request) => request.status !== 'pending_approval');
  return (
    <Stack gap="md" data-testid="board-leaves">
      {list.data.badge > 0 && (
        <Alert color="yellow" variant="light">
          {list.data.badge} pending {list.data.badge === 1 ? 'request starts' : 'requests start'} in the next 3 days.
        </Alert>
      )}
      {pending.length === 0 && <Text c="dimmed">No leave requests are waiting for you.</Text>}
      {pending.map((request) => (
        <ReviewCard
          key={request._id}
          request={request}
          impact={list.data.impact.find((entry) => entry.leaveId === request._id)}
          stage="mission"
        />
      ))}
      {others.map((request) => (
        <ReviewCard key={request._id} request={request} stage="mission" />
      ))}
    </Stack>
  );
}
