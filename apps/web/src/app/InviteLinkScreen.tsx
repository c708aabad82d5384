import { lazy } from 'react';
import { useUrl } from '../lib/url-state.ts';

const OrgInviteScreen = lazy(() => import('../features/org/InviteScreen.tsx').then((m) => ({ default: m.InviteScreen })));
const MissionInviteScreen = lazy(() =>
  import('../features/team/MissionInviteScreen.tsx').then((m) => ({ default: m.MissionInviteScreen })),
);

/** A mailed invite link (`from` with `token`): `from=invite` is a mission invite, `from=orgInvite` an organisation's. */
export function InviteLinkScreen() {
  const from = useUrl().params.get('from');
  if (from === 'invite') return <MissionInviteScreen />;
  if (from === 'orgInvite') return <OrgInviteScreen />;
  return null;
}
