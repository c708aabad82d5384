import { Alert, Loader, Modal, Stack } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_MESSAGES } from '@crewplan/domain/notifications/rules';
import { useTimeZone } from '../../lib/time-zone.ts';
import { setParams } from '../../lib/url-state.ts';
import { leaveBadgesQuery, myLeaveQuery, orgLeaveQuery, reviewQuery } from './api.ts';
import { findNotice, yearIn } from './leave-rules.ts';
import { ReviewCard } from './ReviewCard.tsx';

/**
 * The leave review (`leave-notice=<id>`): a request to review with its impact — from the board's list, or from the
 * organisation's list of an organisation whose leave I approve (this year's or next) — or the person's own decided
 * request (a rejection shows the spec's notice).
 */
export function LeaveNoticeScreen({ value }: { value: string }) {
  const year = yearIn(new Date(), useTimeZone());
  const review = useQuery(reviewQuery);
  const mine = useQuery(myLeaveQuery(year));
  // the organisations whose leave I approve
  const approving = useQuery(leaveBadgesQuery);
  const orgLists = useQueries({
    queries: (approving.data?.orgs ?? []).flatMap((org) => [orgLeaveQuery(org._id, year), orgLeaveQuery(org._id, year + 1)]),
  });
  const close = () => setParams({ 'leave-notice': null });
  const { review: toReview, own } = findNotice(value, {
    board: review.data,
    orgs: orgLists.map((list) => list.data),
    mine: mine.data,
  });
  const loading = review.isPending || mine.isPending || approving.isPending || orgLists.some((list) => list.isPending);
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
          {toReview && <ReviewCard request={toReview.request} impact={toReview.impact} stage={toReview.stage} />}
          {!toReview && own && <ReviewCard request={own} stage={null} />}
          {!toReview && !own && <Alert color="gray">This leave request is no longer waiting for you.</Alert>}
        </Stack>
      )}
    </Modal>
  );
}
