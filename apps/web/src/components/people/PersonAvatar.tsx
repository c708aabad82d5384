import { useRef, useState } from 'react';
import { Anchor, Avatar, Badge, Group, Popover, Stack, Text, UnstyledButton, type MantineSize } from '@mantine/core';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { initialsOf, placeOf, type PersonSummary } from './people-rules.ts';
import { RemoveConfirm } from './RemoveConfirm.tsx';

const CLOSE_DELAY_MS = 150;

export interface PersonAvatarProps {
  person: PersonSummary;
  size?: MantineSize | number;
  /** Offers 'Remove this person' in the hover card; it confirms first, then calls this (which may throw). */
  onRemove?: () => Promise<unknown>;
  /** The person is the viewer: the removal question is worded for oneself. */
  self?: boolean;
}

/**
 * An avatar with a hover card (spec 1 §2): name, role, state and country, timezone, email, and 'Remove this person'
 * when allowed. It opens on hover and on focus or click, so keyboards reach it too; Escape closes it.
 */
export function PersonAvatar({ person, size = 'md', onRemove, self = false }: PersonAvatarProps) {
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const open = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setOpened(true);
  };
  const closeSoon = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpened(false), CLOSE_DELAY_MS);
  };
  const place = placeOf(person);
  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md" width={260} zIndex={420}>
        <Popover.Target>
          <UnstyledButton
            aria-label={`${person.name}${person.pending ? ' (invite pending)' : ''}`}
            onMouseEnter={open}
            onMouseLeave={closeSoon}
            onClick={() => setOpened((now) => !now)}
            onKeyDown={(event) => event.key === 'Escape' && setOpened(false)}
            style={{ borderRadius: '50%' }}
          >
            <Avatar src={person.avatar ?? undefined} alt="" size={size} radius="xl" color="brand" variant="filled">
              {initialsOf(person.name)}
            </Avatar>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown onMouseEnter={open} onMouseLeave={closeSoon} onKeyDown={(event) => event.key === 'Escape' && setOpened(false)}>
          <Stack gap={4} data-testid="person-hover-card">
            <Group gap="xs" wrap="nowrap">
              <Text fw={600}>{person.name}</Text>
              {person.pending && (
                <Badge size="xs" color="gray.7" variant="outline">
                  {MISSION_MESSAGES.invitePendingTooltip}
                </Badge>
              )}
            </Group>
            {person.role && <Text size="sm">{person.role}</Text>}
            {place && (
              <Text size="sm" c="dimmed">
                {place}
              </Text>
            )}
            {person.timezone && (
              <Text size="sm" c="dimmed">
                {person.timezone}
              </Text>
            )}
            {person.email && (
              <Anchor size="sm" href={`mailto:${person.email}`}>
                {person.email}
              </Anchor>
            )}
            {onRemove && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="red"
                ta="left"
                onClick={() => {
                  setOpened(false);
                  setConfirming(true);
                }}
              >
                {MISSION_MESSAGES.removePersonLink}
              </Anchor>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {onRemove && (
        <RemoveConfirm opened={confirming} self={self} name={person.name} onConfirm={onRemove} onClose={() => setConfirming(false)} />
      )}
    </>
  );
}
