import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { useQuery } from '@tanstack/react-query';
import { IconHome, IconLayoutKanban, IconLogout, IconMail, IconMoon, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useAppearanceControls } from '../lib/appearance-controls.ts';
import { healthQuery } from '../lib/health.ts';
import { signOut } from '../lib/session.ts';
import { navigate, setParams } from '../lib/url-state.ts';

const icon = (IconComponent: typeof IconHome) => <IconComponent size={18} aria-hidden="true" />;

/** Ctrl/Cmd+K: jump anywhere. */
export function CommandPalette() {
  const { toggleMode, mode } = useAppearanceControls();
  const { data: health } = useQuery(healthQuery);
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
      shortcut={['mod + K']}
      title="Command palette"
      nothingFound="Nothing found..."
      highlightQuery
      searchProps={{ placeholder: 'Jump to...', 'aria-label': 'Search commands' }}
    />
  );
}
