import { Alert, Loader, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_MESSAGES } from '@crewplan/domain/notifications/rules';
import { setParams } from '../../lib/url-state.ts';
import { myLeaveQuery, reviewQuery } from './api.ts';
import { ReviewCard } from './ReviewCard.tsx';

/**
 * The leave review (`leave-notice=<id>`): a request to review with its impact, or the person's own decided request
 * (a rejection shows the spec's notice).
 */
export function LeaveNoticeScreen({ value }: { value: string }) {
  const review = useQuery(reviewQuery);
  const mine = useQuery(myLeaveQuery(new Date().getUTCFullYear()));
  const close = () => setParams({ 'leave-notice': null });
  const toReview = review.data?.requests.find((request) => request._id === value);
  const own = mine.data?.requests.find((request) => request._id === value);
  const loading = review.isPending || mine.isPending;
  return (
    <Modal opened onClose={close} title="Leave review" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {loading && <Loader aria-label="Loading the leave request" />}
      {!loading && (
        <Stack gap="sm" data-testid="leave-notice">
          {own?.status === 'rejected' && (
            <Alert color="red" variant="light">
              {NOTIFICATION_MESSAGES.leaveRejectedTitle}
            </Alert>
          )}
          {toReview && (
            <ReviewCard request={toReview} impact={review.data?.impact.find((entry) => entry.leaveId === value)} stage="mission" />
          )}
          {!toReview && own && <ReviewCard request={own} stage="mission" />}
          {!toReview && !own && <Alert color="gray">This leave request is no longer waiting for you.</Alert>}
        </Stack>
      )}
    </Modal>
  );
}
