import { ActionIcon, Indicator, Stack, Tooltip } from '@mantine/core';
import { IconBeach, IconCalendarUser, IconClockHour4, IconHomeShare, IconReceipt, type Icon } from '@tabler/icons-react';
import { setParams } from '../lib/url-state.ts';
import { visibleFloatingButtons, type FloatingBadges, type FloatingButtonId } from './floating-buttons.ts';

const ICONS: Record<FloatingButtonId, Icon> = {
  'assignment-calendar': IconCalendarUser,
  'my-timesheets': IconClockHour4,
  'my-leave': IconBeach,
  'my-expenses': IconReceipt,
  'work-from-home': IconHomeShare,
};

/** The bar on the left; empty (and absent) until features are turned on. */
export function FloatingButtons({ features, badges = {} }: { features: readonly string[]; badges?: FloatingBadges }) {
  const buttons = visibleFloatingButtons(features);
  if (buttons.length === 0) return null;
  return (
    <Stack
      component="nav"
      aria-label="Quick access"
      gap="xs"
      style={{ position: 'fixed', left: 12, top: '50%', transform: 'translateY(-50%)', zIndex: 150 }}
    >
      {buttons.map((button) => {
        const IconComponent = ICONS[button.id];
        const count = 'badge' in button ? (badges[button.badge] ?? 0) : 0;
        return (
          <Tooltip key={button.id} label={button.label} position="right">
            <Indicator label={count} size={16} disabled={count === 0}>
              <ActionIcon size="xl" radius="xl" variant="default" aria-label={button.label} onClick={() => setParams({ [button.id]: '' })}>
                <IconComponent size={20} aria-hidden="true" />
              </ActionIcon>
            </Indicator>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
