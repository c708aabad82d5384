import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { everyoneAdded, pickerCandidates, type PersonSummary } from './people-rules.ts';
import { PersonAvatar } from './PersonAvatar.tsx';

export interface PersonPickerProps {
  people: readonly PersonSummary[];
  /** People already added: hidden from the list. */
  addedIds: readonly string[];
  onSelect: (person: PersonSummary) => void;
  /** Shows the invite-people button. */
  onInvite?: () => void;
}

/**
 * Picks a person (spec 1 §2, rule 282): a 'Find...' box matching name or role, people already added hidden,
 * 'The entire eligible project team has already been added.' when nobody is left, and an invite-people button.
 */
export function PersonPicker({ people, addedIds, onSelect, onInvite }: PersonPickerProps) {
  const [search, setSearch] = useState('');
  const allAdded = everyoneAdded(people, addedIds);
  const candidates = pickerCandidates(people, addedIds, search);
  return (
    <Stack gap="xs" miw={260}>
      <TextInput
        placeholder={MISSION_MESSAGES.pickerFind}
        aria-label={MISSION_MESSAGES.pickerFind}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {allAdded ? (
        <Text size="sm" c="dimmed" role="status">
          {MISSION_MESSAGES.pickerAllAdded}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {MISSION_MESSAGES.pickerPrompt}
          </Text>
          <Stack gap={2} role="list" aria-label="Team members to pick" mah={280} style={{ overflowY: 'auto' }}>
            {candidates.map((person) => (
              <UnstyledButton key={person.id} role="listitem" onClick={() => onSelect(person)} p={4} aria-label={person.name}>
                <Group gap="xs" wrap="nowrap">
                  <PersonAvatar person={person} size="sm" />
                  <div>
                    <Text size="sm">{person.name}</Text>
                    {person.role && (
                      <Text size="xs" c="dimmed">
                        {person.role}
                      </Text>
                    )}
                  </div>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </>
      )}
      {onInvite && (
        <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={onInvite}>
          Invite people
        </Button>
      )}
    </Stack>
  );
}
