import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import type { PersonSummary } from './people-rules.ts';
import { PersonAvatar } from './PersonAvatar.tsx';

export interface TeamCardProps {
  person: PersonSummary;
  /** The person's roles on this project's plan. */
  projectRoles?: readonly string[];
  department?: string | null;
  office?: string | null;
}

/** A person's card (spec 1 §2): role, project roles, department, office, and the pending-invite notice. */
export function TeamCard({ person, projectRoles = [], department, office }: TeamCardProps) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="team-card">
      <Group align="flex-start" wrap="nowrap">
        <PersonAvatar person={person} size="lg" />
        <Stack gap={2}>
          <Text fw={600}>{person.name}</Text>
          {person.role && <Text size="sm">{person.role}</Text>}
          {projectRoles.length > 0 && (
            <Group gap={4}>
              {projectRoles.map((role) => (
                <Badge key={role} variant="light" size="sm">
                  {role}
                </Badge>
              ))}
            </Group>
          )}
          {department && (
            <Text size="sm" c="dimmed">
              Department: {department}
            </Text>
          )}
          {office && (
            <Text size="sm" c="dimmed">
              Office: {office}
            </Text>
          )}
          {person.pending && (
            <Text size="sm" c="orange.9">
              {MISSION_MESSAGES.invitePendingCard}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
