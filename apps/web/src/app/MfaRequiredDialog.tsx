import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { ACCOUNT_MESSAGES } from '@crewplan/domain/messages/index';
import { useMyOrgs } from '../features/org/index.ts';
import type { Profile } from '../lib/profile.ts';
import { setParams, useUrl } from '../lib/url-state.ts';
import { orgsToPrompt, parseLater, withheldOrgIds } from '../lib/withheld-orgs.ts';

const LATER_KEY = 'crewplan.mfa-later';

function readLater(): string[] {
  try {
    return parseLater(sessionStorage.getItem(LATER_KEY));
  } catch {
    return [];
  }
}

function writeLater(ids: string[]): void {
  try {
    sessionStorage.setItem(LATER_KEY, JSON.stringify(ids));
  } catch {
    // the dialog is only put off until the next screen change then
  }
}

const listOf = (names: string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** Organisations requiring two-factor authentication ask a person without it to set it up (spec 1 §6). */
export function MfaRequiredDialog({ profile }: { profile: Profile }) {
  const { params } = useUrl();
  const orgs = useMyOrgs(!profile.multiFactor);
  const [later, setLater] = useState(readLater);
  const pending = orgsToPrompt(withheldOrgIds(orgs.data, profile), later);
  const names = (orgs.data ?? []).filter((org) => pending.includes(org._id)).map((org) => org.title);
  // My Space (where two-factor is set up) stays unobstructed
  const opened = pending.length > 0 && !params.has('myspace');

  const putOff = () => {
    const next = [...new Set([...later, ...pending])];
    writeLater(next);
    setLater(next);
  };

  return (
    <Modal opened={opened} onClose={putOff} title="Two-factor authentication required" centered>
      <Text size="sm" mb="xs">
        {listOf(names)} {names.length > 1 ? 'require' : 'requires'} two-factor authentication.
      </Text>
      <Text size="sm" c="dimmed" mb="lg">
        Until you set it up, {names.length > 1 ? 'their' : 'its'} projects are not shown to you.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={putOff}>
          {ACCOUNT_MESSAGES.laterTwoFactor}
        </Button>
        <Button onClick={() => setParams({ myspace: '2fa' })} data-autofocus>
          {ACCOUNT_MESSAGES.setupTwoFactor}
        </Button>
      </Group>
    </Modal>
  );
}
