import { useState } from 'react';
import { ActionIcon, Avatar, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PEOPLE_SHOWN_DEFAULT, splitOverflow, type PersonSummary } from './people-rules.ts';
import { PersonAvatar } from './PersonAvatar.tsx';
import { plural } from '@crewplan/domain/shared/words';

export interface PeopleListProps {
  people: readonly PersonSummary[];
  /** How many avatars show before the '+N' count (20 by default). */
  shown?: number;
  /** Shows the add trigger. */
  onAdd?: () => void;
  addLabel?: string;
  /** The viewer's id: their removal is worded for themselves. */
  selfId?: string | null;
  /** When given and it answers a function, the person's hover card offers 'Remove this person'. */
  removerFor?: (person: PersonSummary) => (() => Promise<unknown>) | undefined;
  size?: 'sm' | 'md';
}

/** A row of avatars (spec 1 §2, rule 279): 20 shown by default, a '+N' overflow count that shows the rest, an add trigger. */
export function PeopleList({
  people,
  shown = PEOPLE_SHOWN_DEFAULT,
  onAdd,
  addLabel = 'Invite people',
  selfId,
  removerFor,
  size = 'md',
}: PeopleListProps) {
  const [expanded, setExpanded] = useState(false);
  const split = splitOverflow(people, expanded ? people.length : shown);
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label="People">
      {split.shown.map((person) => (
        <div role="listitem" key={person.id}>
          <PersonAvatar person={person} size={size} self={person.id === selfId} onRemove={removerFor?.(person)} />
        </div>
      ))}
      {split.overflow > 0 && (
        <div role="listitem">
          <UnstyledButton
            onClick={() => setExpanded(true)}
            aria-label={`Show ${plural(split.overflow, 'more person', 'more people')}`}
            style={{ borderRadius: '50%' }}
          >
            <Avatar radius="xl" size={size} color="gray">
              +{split.overflow}
            </Avatar>
          </UnstyledButton>
        </div>
      )}
      {onAdd && (
        <div role="listitem">
          <Tooltip label={addLabel}>
            <ActionIcon variant="light" radius="xl" size={size === 'sm' ? 26 : 38} onClick={onAdd} aria-label={addLabel}>
              <IconPlus size={18} />
            </ActionIcon>
          </Tooltip>
        </div>
      )}
    </Group>
  );
}
