import { Suspense, useState } from 'react';
import { ActionIcon, Alert, Indicator, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBeach, IconCalendarUser, IconClockHour4, IconHomeShare, IconReceipt, type Icon } from '@tabler/icons-react';
import { LeaveTracker, WorkFromHome } from '../features/leave/index.ts';
import { useMyOrgs } from '../features/org/index.ts';
import { useMissingTimesheetCount, useTimeTrackingOpen } from '../features/time/index.ts';
import { setParams } from '../lib/url-state.ts';
import { floatingButtonsFor, type FloatingBadges, type FloatingButton, type FloatingButtonId } from './floating-buttons.ts';

const ICONS: Record<FloatingButtonId, Icon> = {
  'assignment-calendar': IconCalendarUser,
  'my-timesheets': IconClockHour4,
  'my-leave': IconBeach,
  'my-expenses': IconReceipt,
  'work-from-home': IconHomeShare,
};

/** What each screen will do, said on its coming-soon notice until it lands. */
const PURPOSES: Record<FloatingButtonId, string> = {
  'assignment-calendar': 'See who is assigned to what, day by day, across your missions.',
  'my-timesheets': 'Record the hours you work on your missions, week by week, and submit them for approval.',
  'my-leave': 'Request leave and follow its approval.',
  'my-expenses': 'Submit your expenses and follow their approval.',
  'work-from-home': 'Book the days you work from home.',
};

/** The bar on the left: each button opens its screen, or says why it cannot (the spec's message). */
export function FloatingButtons({ badges = {} }: { badges?: FloatingBadges }) {
  const orgs = useMyOrgs();
  const [open, setOpen] = useState<FloatingButton | null>(null);
  // a team member invited from outside keeps weeks on the organisation's projects they work on
  const timeTracking = useTimeTrackingOpen(orgs.data);
  // rule 178: the my-timesheets badge counts the weeks missing over the last three
  const missingTimesheets = useMissingTimesheetCount(timeTracking);
  if (!orgs.data) return null;
  const buttons = floatingButtonsFor({ orgs: orgs.data, timeTracking });
  const counts: FloatingBadges = { missingTimesheets, ...badges };
  const press = (button: FloatingButton) => {
    if (button.blocked)
      notifications.show({ id: `floating-${button.id}`, message: button.blocked.message, autoClose: button.blocked.autoClose });
    else if (button.id === 'my-timesheets') setParams({ 'time-tracking': '' });
    else if (button.id === 'assignment-calendar' && orgs.data.length > 0) setParams({ planner: '', 'planner-mine': '' });
    else if (button.id === 'my-expenses') setParams({ 'my-expenses': '' });
    else setOpen(button);
  };
  return (
    <>
      <Stack
        component="nav"
        aria-label="Quick access"
        gap="xs"
        data-testid="floating-buttons"
        style={{ position: 'fixed', left: 12, top: '50%', transform: 'translateY(-50%)', zIndex: 150 }}
      >
        {buttons.map((button) => {
          const IconComponent = ICONS[button.id];
          const count = 'badge' in button ? (counts[button.badge] ?? 0) : 0;
          return (
            <Tooltip key={button.id} label={button.label} position="right">
              <Indicator label={count} size={16} disabled={count === 0}>
                <ActionIcon
                  size="xl"
                  radius="xl"
                  variant="default"
                  aria-label={count > 0 ? `${button.label}, ${count} missing` : button.label}
                  onClick={() => press(button)}
                >
                  <IconComponent size={20} aria-hidden="true" />
                </ActionIcon>
              </Indicator>
            </Tooltip>
          );
        })}
      </Stack>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.label}
        size={open?.id === 'my-leave' ? 'xl' : 'md'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {open?.id === 'my-leave' && (
          <Suspense fallback={<Loader aria-label="Loading your leave" />}>
            <LeaveTracker />
          </Suspense>
        )}
        {open?.id === 'work-from-home' && (
          <Suspense fallback={<Loader aria-label="Loading work-from-home days" />}>
            <WorkFromHome orgs={orgs.data.map((org) => ({ _id: org._id, title: org.title }))} />
          </Suspense>
        )}
        {open && open.id !== 'my-leave' && open.id !== 'work-from-home' && (
          <Stack gap="sm" data-testid="floating-screen">
            <Text>{PURPOSES[open.id]}</Text>
            <Alert color="blue" variant="light" title="Coming soon">
              This screen is not available yet. It will open here as soon as it is ready.
            </Alert>
          </Stack>
        )}
      </Modal>
    </>
  );
}
