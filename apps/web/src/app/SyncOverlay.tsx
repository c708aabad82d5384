import { SHELL_MESSAGES } from '@crewplan/domain/messages/index';
import { BlockingOverlay } from '../components/BlockingOverlay.tsx';
import { loaderStyleOf } from '../lib/loader-style.ts';
import { useProfile } from '../lib/profile.ts';
import { useSynchronizing } from '../lib/sync-state.ts';

/** Blocks the app while state is rebuilt after a long offline spell or the session is re-established. */
export function SyncOverlay() {
  const synchronizing = useSynchronizing();
  const { data: profile } = useProfile();
  if (!synchronizing) return null;
  return <BlockingOverlay message={SHELL_MESSAGES.synchronizing} loaderStyle={loaderStyleOf(profile?.appSettings)} testId="sync-overlay" />;
}
