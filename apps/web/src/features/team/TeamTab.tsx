import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Popover,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import type { Mission, MissionPerson } from '@crewplan/domain/missions/mission';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { permissionLabel } from '@crewplan/domain/team/rules';
import { PersonAvatar } from '../../components/people/PersonAvatar.tsx';
import { RemoveConfirm } from '../../components/people/RemoveConfirm.tsx';
import { TeamCard } from '../../components/people/TeamCard.tsx';
import { useProfile } from '../../lib/profile.ts';
import { missionOrgQuery, removeTeamPerson, useUpdateTeamPerson } from './api.ts';
import { InviteCard } from './InviteCard.tsx';
import {
  PERMISSION_CHOICES,
  allowedDomains,
  changeChoices,
  choiceOf,
  domainCleared,
  freeSlotsText,
  inviteOptionsFor,
  fullName,
  personSummaryOf,
  visibleTeam,
  type PermissionChoice,
} from './team-rules.ts';
import { useTeamLive } from './useTeamLive.ts';
import './styles.ts';

const CHOICE_LABELS: Record<PermissionChoice, string> = {
  admin: 'Project owner - Admin',
  manager: 'Project manager',
  lead: 'Team lead',
  member: 'Team member',
  observer: 'Observer',
};

/** The mission's team (spec 1 §§5, 6): people, their permissions and custom roles, pending invites, removal, the free-slot counter. */
export function TeamTab({ mission }: { mission: Mission }) {
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<MissionPerson | null>(null);
  const selfId = useProfile().data?._id ?? null;
  useTeamLive(mission._id);
  const slots = freeSlotsText(mission.freeSlots, mission.isLicensedActive);
  const team = visibleTeam(mission.people);
  return (
    <Stack data-testid="team-tab">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={3}>Team</Title>
          {slots && (
            <Badge variant="outline" color={mission.freeSlots.full ? 'red.9' : 'gray.7'} data-testid="free-slots">
              {slots}
            </Badge>
          )}
        </Group>
        {mission.abilities['mission.invite'] && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Invite people
          </Button>
        )}
      </Group>
      <Table verticalSpacing="xs" aria-label="Team">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Permission</Table.Th>
            <Table.Th>Project role</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {team.map((person) => (
            <TeamRow key={person._id} mission={mission} person={person} self={person._id === selfId} onRemove={() => setRemoving(person)} />
          ))}
        </Table.Tbody>
      </Table>
      {mission.pendingInvites.length > 0 && (
        <Stack gap={4} data-testid="pending-invites">
          <Text size="sm" fw={600}>
            Invited by email, not joined yet
          </Text>
          {mission.pendingInvites.map((invite) => (
            <Group key={invite._id} gap="xs">
              <Text size="sm">{invite.inviteeEmail}</Text>
              <Badge size="xs" color="gray.7" variant="outline">
                {permissionLabel(invite, { isTemplate: mission.isTemplate })}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      <InviteCard mission={mission} opened={inviting} onClose={() => setInviting(false)} />
      <RemoveConfirm
        opened={removing !== null}
        self={removing?._id === selfId}
        name={removing ? fullName(removing.ref) || removing.email : ''}
        onConfirm={() => removeTeamPerson(mission._id, removing!._id, removing!._id === selfId)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** The titles of the plan roles a person holds on the mission. */
const projectRolesOf = (mission: Mission, personId: string) =>
  mission.planItems.filter((item) => item.person === personId).map((item) => item.role ?? item.title);

const titleOf = (items: readonly { _id: string; title: string }[] | undefined, id: string | null | undefined) =>
  (id && items?.find((item) => item._id === id)?.title) ?? null;

function TeamRow({ mission, person, self, onRemove }: { mission: Mission; person: MissionPerson; self: boolean; onRemove: () => void }) {
  const org = useQuery({ ...missionOrgQuery(mission.org ?? ''), enabled: mission.org !== null }).data;
  const update = useUpdateTeamPerson(mission._id);
  const [customRole, setCustomRole] = useState(person.customRole ?? '');
  const mayUpdate = mission.abilities['team.update'];
  const mayRemove = mission.abilities['team.remove'] || self;
  const name = fullName(person.ref) || person.email;
  const choice = choiceOf(person);
  const label = permissionLabel(person, { isTemplate: mission.isTemplate });
  const inviter = { orgLevel: org?.me?.level ?? null, rolesNeedApproval: org?.rolesNeedApproval ?? false };
  const approved = domainCleared(person.email, mission.org !== null, allowedDomains(org?.inviteDomains ?? [], mission.inviteDomains));
  const choices = changeChoices(inviteOptionsFor(mission, inviter, approved), choice);

  const save = (change: Parameters<typeof update.mutate>[0]['change']) =>
    update.mutate(
      { personId: person._id, change },
      { onError: (error) => notifications.show({ color: 'red', message: error.message, autoClose: 5_000 }) },
    );

  const saveRole = () => {
    const next = customRole.trim() || null;
    if (next !== (person.customRole ?? null)) save({ customRole: next });
  };

  return (
    <Table.Tr data-testid="team-row">
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <PersonAvatar person={personSummaryOf(person, mission.isTemplate)} size="sm" />
          <div>
            <Group gap={6}>
              <Popover width={320} position="bottom-start" withArrow trapFocus returnFocus>
                <Popover.Target>
                  <UnstyledButton aria-label={`Team card of ${name}`}>
                    <Text size="sm" fw={500} td="underline" style={{ textDecorationStyle: 'dotted' }}>
                      {name}
                    </Text>
                  </UnstyledButton>
                </Popover.Target>
                <Popover.Dropdown p={0}>
                  <TeamCard
                    person={personSummaryOf(person, mission.isTemplate)}
                    projectRoles={projectRolesOf(mission, person._id)}
                    department={titleOf(org?.departments, person.departments[0])}
                    office={titleOf(org?.offices, person.office)}
                  />
                </Popover.Dropdown>
              </Popover>
              {person.invitePending && (
                <Badge size="xs" color="gray.7" variant="outline">
                  {MISSION_MESSAGES.invitePendingTooltip}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {person.role ? `${person.role} · ${person.email}` : person.email}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        {mayUpdate && choice ? (
          <Select
            aria-label={`Permission of ${name}`}
            size="xs"
            w={200}
            allowDeselect={false}
            data={choices.map((option) => ({
              value: option.value,
              label:
                mission.isTemplate && (option.value === 'admin' || option.value === 'manager')
                  ? MISSION_MESSAGES.templateManager
                  : CHOICE_LABELS[option.value],
            }))}
            value={choice}
            onChange={(next) => {
              const picked = PERMISSION_CHOICES.find((option) => option.value === next);
              if (picked) save({ permission: picked.permission, isProjectManager: picked.isProjectManager });
            }}
          />
        ) : (
          <Text size="sm">{label}</Text>
        )}
      </Table.Td>
      <Table.Td>
        {mayUpdate ? (
          <TextInput
            aria-label={`Custom role of ${name}`}
            size="xs"
            w={180}
            placeholder="Custom role"
            value={customRole}
            maxLength={80}
            onChange={(event) => setCustomRole(event.currentTarget.value)}
            onBlur={saveRole}
            onKeyDown={(event) => event.key === 'Enter' && saveRole()}
          />
        ) : (
          <Text size="sm">{person.role ?? ''}</Text>
        )}
      </Table.Td>
      <Table.Td>
        {mayRemove && (
          <Tooltip label={self ? 'Leave the project' : MISSION_MESSAGES.removePersonLink}>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={self ? 'Leave the project' : `Remove ${name}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
