import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Switch, Text, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { Mission } from '@crewplan/domain/missions/mission';
import { MISSION_MESSAGES, ORG_MESSAGES } from '@crewplan/domain/messages/index';
import { emailDomain, isValidEmail, normaliseEmail } from '@crewplan/domain/people/email';
import { TIMINGS } from '@crewplan/domain/shared/constants';
import {
  INVITE_SEARCH_LIMIT,
  TEAM_MESSAGES,
  autoCreateRoleFor,
  defaultInviteMessage,
  timesheetToggleShown,
  type InviteOptionValue,
} from '@crewplan/domain/team/rules';
import { useProfile } from '../../lib/profile.ts';
import { ApiError } from '../../lib/api-error.ts';
import { PersonAvatar } from '../../components/people/PersonAvatar.tsx';
import { authoriseDomain, missionOrgQuery, orgPeopleSearchQuery, useSendInvite, type OrgPerson } from './api.ts';
import {
  allowedDomains,
  completeDomain,
  domainCleared,
  domainLooksValid,
  fullName,
  inviteClearance,
  inviteErrorToast,
  inviteOptionsFor,
  keptOption,
  needsUpgrade,
  optionLabel,
  typedEmailError,
} from './team-rules.ts';
import { UpgradeView } from './UpgradeView.tsx';
import { VerifyNotice } from './VerifyNotice.tsx';
import './styles.ts';

/** The invite card's width (rule 280). */
export const INVITE_CARD_WIDTH = 440;

/**
 * The invite-to-mission card (spec 1 §§2, 5): search the organisation's people or type a new email, a permission,
 * a personal message, the optional timesheet toggle, Send invite and Cancel. It becomes the upgrade view at 5 of 5
 * free slots, asks an unverified inviter to verify first, and holds unapproved domains until a manager clears them.
 */
export function InviteCard({ mission, opened, onClose }: { mission: Mission; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Invite people to ${mission.title}`} size={INVITE_CARD_WIDTH} centered zIndex={400}>
      {opened && <InviteCardBody mission={mission} onClose={onClose} />}
    </Modal>
  );
}

function InviteCardBody({ mission, onClose }: { mission: Mission; onClose: () => void }) {
  const profile = useProfile().data;
  const org = useQuery({ ...missionOrgQuery(mission.org ?? ''), enabled: mission.org !== null }).data ?? null;
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<OrgPerson | null>(null);
  const [chosen, setChosen] = useState<InviteOptionValue>('member');
  const [message, setMessage] = useState(defaultInviteMessage(mission.isTemplate));
  const [autoCreateRole, setAutoCreateRole] = useState(true);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [authorising, setAuthorising] = useState(false);
  // the server counts open email invites as seats too: its 402 shows the upgrade view even when the team has room
  const [slotsFull, setSlotsFull] = useState(false);
  const send = useSendInvite(mission._id);

  const typed = text.trim();
  const searching = !selected && !typed.includes('@');
  const people = useQuery({
    ...orgPeopleSearchQuery(mission.org ?? '', searching ? typed : '', INVITE_SEARCH_LIMIT),
    enabled: mission.org !== null && searching,
  });
  const onTeam = new Set(mission.people.map((person) => person.ref._id));
  const candidates = (people.data?.people ?? []).filter((person) => !onTeam.has(person.ref._id)).slice(0, INVITE_SEARCH_LIMIT);

  if (slotsFull || needsUpgrade(mission))
    return <UpgradeView mission={mission} org={org} emailVerified={profile?.emailVerified ?? false} onClose={onClose} />;

  const domains = allowedDomains(org?.inviteDomains ?? [], mission.inviteDomains);
  const emailTyped = !selected && isValidEmail(typed);
  const domain = emailTyped ? emailDomain(typed) : '';
  const approved = selected !== null || !emailTyped || domainCleared(typed, mission.org !== null, domains);
  const inviter = { orgLevel: org?.me?.level ?? null, rolesNeedApproval: org?.rolesNeedApproval ?? false };
  const options = inviteOptionsFor(mission, inviter, approved);
  const adminWithheld = !approved && inviteOptionsFor(mission, inviter, true).some((option) => option.value === 'admin');
  const value = keptOption(options, chosen);
  const option = options.find((candidate) => candidate.value === value)!;
  const toggleShown = timesheetToggleShown({
    orgLicensedActive: org?.isLicensedActive ?? false,
    isModel: mission.isModel,
    isTemplate: mission.isTemplate,
    noTimesheets: mission.noTimesheets,
  });
  const clearance =
    selected && org?.me
      ? inviteClearance(mission.permission, org.me, { departments: selected.departments, office: selected.office })
      : null;
  const verified = profile?.emailVerified ?? true;
  const canSend = verified && approved && clearance === null && (selected !== null || typed.length > 0);

  const changeText = (next: string) => {
    setEmailError(null);
    setText(mission.org ? completeDomain(text, next, domains) : next);
  };

  const authorise = async () => {
    if (!domainLooksValid(domain)) {
      notifications.show({ color: 'red', message: ORG_MESSAGES.domainInvalid });
      return;
    }
    setAuthorising(true);
    try {
      await authoriseDomain(mission, domain);
      notifications.show({ color: 'green', message: MISSION_MESSAGES.domainCleared.replace('{domain}', domain) });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error), autoClose: 5_000 });
    } finally {
      setAuthorising(false);
    }
  };

  const submit = async () => {
    const email = selected ? selected.email : normaliseEmail(typed);
    if (!selected) {
      const problem = typedEmailError(typed, mission.people);
      if (problem) return setEmailError(problem);
    }
    try {
      await send.mutateAsync({
        config: { permission: option.permission, isProjectManager: option.isProjectManager },
        message,
        ...(selected ? { invitee: selected.ref._id } : { inviteeEmail: email }),
        autoCreateRole: toggleShown && autoCreateRole,
      });
      notifications.show({ color: 'green', message: `Invite sent to ${email}.`, autoClose: TIMINGS.toastInviteSentMs });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'free-slots/full') return setSlotsFull(true);
      const toast = inviteErrorToast(error instanceof ApiError ? error : { message: String(error) });
      if (toast) notifications.show({ color: 'red', message: toast, autoClose: 5_000 });
    }
  };

  return (
    <Stack data-testid="invite-card">
      {!verified && profile && <VerifyNotice email={profile.email} />}
      {selected ? (
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <PersonAvatar
              person={{ id: selected.ref._id, name: fullName(selected.ref), avatar: selected.ref.avatar, email: selected.email }}
              size="sm"
            />
            <div>
              <Text size="sm">{fullName(selected.ref)}</Text>
              <Text size="xs" c="dimmed">
                {selected.email}
              </Text>
            </div>
          </Group>
          <Button variant="subtle" size="xs" onClick={() => setSelected(null)}>
            Change
          </Button>
        </Group>
      ) : (
        <TextInput
          label={mission.org ? 'Name or email' : 'Email'}
          placeholder={mission.org ? 'Search your organisation or type an email' : 'name@example.com'}
          value={text}
          onChange={(event) => changeText(event.currentTarget.value)}
          error={emailError}
          data-autofocus
        />
      )}
      {clearance && (
        <Alert color="red" role="alert">
          <Text size="sm">{TEAM_MESSAGES.noClearanceSelected}</Text>
          {/* why (rules 121–122): outside my accessible departments, or no clearance for their office or departments */}
          <Text size="sm" mt={4} data-testid="clearance-reason">
            {clearance}
          </Text>
        </Alert>
      )}
      {searching && mission.org && candidates.length > 0 && (
        <Stack gap={2} role="list" aria-label="Organisation people" mah={220} style={{ overflowY: 'auto' }}>
          {candidates.map((person) => (
            <UnstyledButton
              key={person._id}
              role="listitem"
              p={4}
              onClick={() => setSelected(person)}
              aria-label={`${fullName(person.ref)} ${person.email}`}
            >
              <Text size="sm">{fullName(person.ref)}</Text>
              <Text size="xs" c="dimmed">
                {person.email}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      {emailTyped && !approved && (
        <Alert color="yellow" role="alert" data-testid="domain-warning">
          <Text size="sm">{domain} is not an approved domain for this project. It must be cleared before the invite can be sent.</Text>
          {mission.abilities['mission.update'] && (
            <Button mt="xs" size="xs" variant="default" loading={authorising} onClick={() => void authorise()}>
              Clear {domain} for the project
            </Button>
          )}
        </Alert>
      )}
      <Select
        label="Permission"
        data={options.map((candidate) => ({ value: candidate.value, label: optionLabel(candidate) }))}
        value={value}
        allowDeselect={false}
        onChange={(next) => {
          if (!next) return;
          setChosen(next as InviteOptionValue);
          const picked = options.find((candidate) => candidate.value === next);
          if (picked) setAutoCreateRole(autoCreateRoleFor(picked.permission));
        }}
        comboboxProps={{ zIndex: 410 }}
      />
      {adminWithheld && (
        <Text size="xs" c="dimmed">
          {ORG_MESSAGES.adminDomainNotApproved}
        </Text>
      )}
      <Textarea
        label="Personal message"
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      {toggleShown && (
        <Switch
          label="Create a project role for timesheets"
          checked={autoCreateRole}
          onChange={(event) => setAutoCreateRole(event.currentTarget.checked)}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!canSend} loading={send.isPending} onClick={() => void submit()}>
          Send invite
        </Button>
      </Group>
    </Stack>
  );
}
