import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import {
  IconBuilding,
  IconHome,
  IconLayoutKanban,
  IconLogout,
  IconMail,
  IconMoon,
  IconPlus,
  IconSettings,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { useMyOrgs } from '../features/org/index.ts';
import { useAppearanceControls } from '../lib/appearance-controls.ts';
import { healthQuery } from '../lib/health.ts';
import { signOut } from '../lib/session.ts';
import { navigate, setParams, useUrl } from '../lib/url-state.ts';

const icon = (IconComponent: typeof IconHome) => <IconComponent size={18} aria-hidden="true" />;

/** Ctrl/Cmd+K: jump anywhere. */
export function CommandPalette() {
  const { toggleMode, mode } = useAppearanceControls();
  const { data: health } = useQuery(healthQuery);
  const { params } = useUrl();
  const { data: orgs = [] } = useMyOrgs();
  const openOrgId = params.get('org');
  const showMailbox = import.meta.env.DEV || (health?.env !== undefined && health.env !== 'production');

  const actions: SpotlightActionData[] = [
    { id: 'home', label: 'Home', description: 'Your personal home', leftSection: icon(IconHome), onClick: () => navigate('/home') },
    {
      id: 'board',
      label: 'Board',
      description: 'Project-manager work space',
      leftSection: icon(IconLayoutKanban),
      onClick: () => navigate('/board'),
    },
    {
      id: 'myspace',
      label: 'My Space',
      description: 'Your profile',
      leftSection: icon(IconUser),
      onClick: () => setParams({ myspace: '' }),
    },
    {
      id: 'two-factor',
      label: 'Two-factor setup',
      description: 'Protect your account with an authenticator app',
      leftSection: icon(IconShieldLock),
      onClick: () => setParams({ myspace: '2fa' }),
    },
    {
      id: 'toggle-mode',
      label: 'Toggle dark mode',
      description: mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode',
      leftSection: icon(IconMoon),
      onClick: toggleMode,
    },
    {
      id: 'create-org',
      label: 'Create organisation',
      description: 'A new organisation with you as its admin',
      leftSection: icon(IconPlus),
      onClick: () => setParams({ hq: '', org: null }),
    },
    ...orgs.map((org): SpotlightActionData => ({
      id: `org-${org._id}`,
      label: `Open ${org.title}`,
      description: 'Organisation: people, structure, clients, invites',
      leftSection: icon(IconBuilding),
      onClick: () => setParams({ org: org._id, 'org-tab': null, 'org-cfg': null, 'oc-domains': null }),
    })),
    ...orgs
      .filter((org) => org.abilities.update)
      .map((org): SpotlightActionData => ({
        id: `org-settings-${org._id}`,
        label: `${org.title} settings`,
        description: 'Organisation settings, approved domains, API keys',
        leftSection: icon(IconSettings),
        onClick: () => setParams({ org: org._id, 'org-tab': null, 'org-cfg': '' }),
      })),
    ...(openOrgId
      ? ['people', 'structure', 'clients', 'invites'].map((tab): SpotlightActionData => ({
          id: `org-tab-${tab}`,
          label: `Organisation ${tab}`,
          description: 'A tab of the open organisation',
          leftSection: icon(IconBuilding),
          onClick: () => setParams({ 'org-tab': tab === 'people' ? null : tab, 'org-cfg': null, 'oc-domains': null }),
        }))
      : []),
    { id: 'sign-out', label: 'Sign out', leftSection: icon(IconLogout), onClick: () => void signOut() },
  ];
  if (showMailbox)
    actions.push({
      id: 'mailbox',
      label: 'Dev mailbox',
      description: 'Mail sent by this server',
      leftSection: icon(IconMail),
      onClick: () => navigate('/dev/mailbox'),
    });

  return (
    <Spotlight
      actions={actions}
      // Ctrl/Cmd+K is the shell's (`Shell.tsx`), so that it works before this code has loaded
      shortcut={null}
      title="Command palette"
      nothingFound="Nothing found..."
      highlightQuery
      searchProps={{ placeholder: 'Jump to...', 'aria-label': 'Search commands' }}
    />
  );
}
