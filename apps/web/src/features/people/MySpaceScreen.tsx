import { Alert, Button, CloseButton, Container, Group, Modal, Tabs, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@crewplan/domain/messages/index';
import { needsNameCheck } from '@crewplan/domain/people/names';
import { useProfile } from '../../lib/profile.ts';
import { signOut } from '../../lib/session.ts';
import { setParams } from '../../lib/url-state.ts';
import { AppearanceTab } from './AppearanceTab.tsx';
import { EmailTab } from './EmailTab.tsx';
import { MY_SPACE_TABS, paramOfTab, tabOfParam } from './my-space-rules.ts';
import { ProfileTab } from './ProfileTab.tsx';
import { TwoFactorTab } from './TwoFactorTab.tsx';

/** My Space: the person's own profile, full screen (`?myspace`, `?myspace=2fa` for two-factor). */
export function MySpaceScreen({ value }: { value: string }) {
  const { data: profile } = useProfile();
  if (!profile) return null;
  const namesMissing = needsNameCheck(profile);

  const close = () => {
    // home needs both names (spec section 5)
    if (namesMissing) notifications.show({ id: 'name-check', message: ACCOUNT_MESSAGES.nameCheck });
    else setParams({ myspace: null });
  };

  return (
    <Modal.Root opened onClose={close} fullScreen transitionProps={{ duration: 0 }}>
      <Modal.Content aria-label="My Space">
        <Modal.Body p={0}>
          <Container size="md" py="md">
            <Group justify="space-between" mb="md">
              <Title order={1}>My Space</Title>
              <Group gap="xs">
                <Button variant="default" leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void signOut()}>
                  Sign out
                </Button>
                <CloseButton size="lg" onClick={close} aria-label="Close My Space" data-autofocus />
              </Group>
            </Group>
            {namesMissing && (
              <Alert mb="md" role="status" data-testid="name-check">
                {ACCOUNT_MESSAGES.nameCheck}
              </Alert>
            )}
            <Tabs
              value={tabOfParam(value)}
              onChange={(tab) => setParams({ myspace: paramOfTab(tab) }, { replace: true })}
              keepMounted={false}
            >
              <Tabs.List mb="lg">
                {MY_SPACE_TABS.map((tab) => (
                  <Tabs.Tab key={tab.value} value={tab.value}>
                    {tab.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="profile">
                <ProfileTab profile={profile} onNamesCompleted={() => setParams({ myspace: null })} />
              </Tabs.Panel>
              <Tabs.Panel value="email">
                <EmailTab profile={profile} />
              </Tabs.Panel>
              <Tabs.Panel value="appearance">
                <AppearanceTab profile={profile} />
              </Tabs.Panel>
              <Tabs.Panel value="2fa">
                <TwoFactorTab profile={profile} />
              </Tabs.Panel>
            </Tabs>
          </Container>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
