import { Avatar, Box, Button, Group, Kbd, Menu, Text, UnstyledButton } from '@mantine/core';
import { spotlight } from '@mantine/spotlight';
import { IconLogout, IconMoon, IconSearch, IconShieldLock, IconSun, IconUser } from '@tabler/icons-react';
import { AppLink } from '../components/AppLink.tsx';
import { MissionsMenu } from '../features/missions/index.ts';
import { NotificationBell } from '../features/notifications/index.ts';
import { OrgSwitcher } from '../features/org/index.ts';
import { ColorModeToggle } from '../components/ColorModeToggle.tsx';
import { useAppearanceControls } from '../lib/appearance-controls.ts';
import type { Profile } from '../lib/profile.ts';
import { signOut } from '../lib/session.ts';
import { setParams, type Route } from '../lib/url-state.ts';
import classes from './shell-header.module.css';

const NAV = [
  { href: '/home', label: 'Home', route: 'home' },
  { href: '/board', label: 'Board', route: 'board' },
] as const;

export function ShellHeader({ profile, route }: { profile: Profile; route: Route['name'] }) {
  const { mode, toggleMode } = useAppearanceControls();
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.email;
  const initials = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase();
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="lg" wrap="nowrap">
        {/* on a phone the name gives its room to the controls: Home leads to the same place */}
        <AppLink href="/home" fw={700} size="lg" c="var(--mantine-color-text)" underline="never" visibleFrom="sm">
          Crewplan
        </AppLink>
        <Group component="nav" aria-label="Main" gap="md" wrap="nowrap">
          {NAV.map((item) => (
            <AppLink
              key={item.href}
              href={item.href}
              fw={route === item.route ? 600 : 400}
              underline={route === item.route ? 'always' : 'hover'}
              aria-current={route === item.route ? 'page' : undefined}
            >
              {item.label}
            </AppLink>
          ))}
        </Group>
      </Group>
      <Group gap="sm" wrap="nowrap" className={classes.actions}>
        <MissionsMenu />
        <OrgSwitcher />
        {/* below a laptop's width the palette and the colour mode are in the account menu: the header would overflow */}
        <Button
          variant="default"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            <Text span size="xs">
              <Kbd size="xs">{isMac ? '⌘' : 'Ctrl'}</Kbd> + <Kbd size="xs">K</Kbd>
            </Text>
          }
          onClick={() => spotlight.open()}
          aria-label="Open the command palette"
          visibleFrom="md"
        >
          <Text span size="sm">
            Jump to
          </Text>
        </Button>
        <Box visibleFrom="md">
          <ColorModeToggle mode={mode} onToggle={toggleMode} />
        </Box>
        <NotificationBell />
        <Menu position="bottom-end" width={220}>
          <Menu.Target>
            <UnstyledButton aria-label={`Account menu of ${name}`}>
              <Avatar src={profile.avatar} alt="" color="brand" variant="filled" radius="xl">
                {initials || null}
              </Avatar>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{name}</Menu.Label>
            <Menu.Item leftSection={<IconUser size={16} aria-hidden="true" />} onClick={() => setParams({ myspace: '' })}>
              My Space
            </Menu.Item>
            <Menu.Item leftSection={<IconShieldLock size={16} aria-hidden="true" />} onClick={() => setParams({ myspace: '2fa' })}>
              Two-factor setup
            </Menu.Item>
            <Menu.Item leftSection={<IconSearch size={16} aria-hidden="true" />} onClick={() => spotlight.open()} hiddenFrom="md">
              Jump to
            </Menu.Item>
            <Menu.Item
              leftSection={mode === 'dark' ? <IconSun size={16} aria-hidden="true" /> : <IconMoon size={16} aria-hidden="true" />}
              onClick={toggleMode}
              hiddenFrom="md"
            >
              {mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void signOut()}>
              Sign out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
