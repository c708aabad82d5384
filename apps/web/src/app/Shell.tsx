import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { AppShell, Button, Center, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { needsNameCheck } from '@crewplan/domain/people/names';
import { BlockingOverlay } from '../components/BlockingOverlay.tsx';
import { FileViewerScreen } from '../features/files/index.ts';
import { useNotificationsLoading } from '../features/notifications/index.ts';
import { setAppearance } from '../lib/appearance.ts';
import { preloadable } from '../lib/preloadable.tsx';
import { AfterPaint, afterNextPaint } from '../lib/after-paint.ts';
import { loaderStyleOf } from '../lib/loader-style.ts';
import { useProfile, type Profile } from '../lib/profile.ts';
import { connectRealtime, disconnectRealtime } from '../lib/realtime.ts';
import { establishSessionCookie } from '../lib/session.ts';
import { getToken, useToken } from '../lib/token.ts';
import { matchPath, navigate, redirectFor, setParams, useUrl, type Route } from '../lib/url-state.ts';
import { FloatingButtons } from './FloatingButtons.tsx';
import { MfaRequiredDialog } from './MfaRequiredDialog.tsx';
import { prefetchOpenMission } from './prefetch.ts';
import { ScreenLayer } from './screens.tsx';
import { ShellHeader } from './ShellHeader.tsx';

// Home's cards and task grid stay out of the first chunk; a visit that starts on /home asks for them at once.
const Home = preloadable(() => import('../features/home/index.ts').then((m) => m.HomeScreen));
if (typeof window !== 'undefined' && window.location.pathname === '/home') void Home.preload();
// The sign-in screen stays out of the first chunk too: a signed-in visit never needs it, a signed-out one asks at once.
const Login = preloadable(() => import('../features/identity/index.ts').then((m) => m.LoginScreen));
if (typeof window !== 'undefined' && !getToken()) void Login.preload();
// the palette (Ctrl+K) loads after the first screen has painted: it is not needed to show it
const CommandPalette = lazy(() => import('./CommandPalette.tsx').then((m) => ({ default: m.CommandPalette })));
const BoardScreen = lazy(() => import('../features/board/index.ts').then((m) => ({ default: m.BoardScreen })));
const MailboxScreen = lazy(() => import('../features/dev-mailbox/index.ts').then((m) => ({ default: m.MailboxScreen })));

export function Shell() {
  const url = useUrl();
  const signedIn = Boolean(useToken());
  const redirect = redirectFor(url.pathname, url.search, signedIn);
  const route = matchPath(url.pathname);

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  if (redirect) return null;
  if (route.name === 'mailbox')
    return (
      <>
        <Suspense fallback={null}>
          <MailboxScreen />
        </Suspense>
        <ScreenLayer signedIn={signedIn} route={route.name} />
      </>
    );
  if (!signedIn)
    return (
      <>
        <Suspense fallback={null}>
          <Login.Component />
        </Suspense>
        <ScreenLayer signedIn={false} route={route.name} />
      </>
    );
  return <SignedInApp route={route} />;
}

function SignedInApp({ route }: { route: Route }) {
  const profile = useProfile();
  // the full-screen loader waits for the notifications too (rule 260)
  const notificationsLoading = useNotificationsLoading();
  useEffect(() => prefetchOpenMission(new URLSearchParams(window.location.search)), []);

  // The workspace is first drawn in a deferred render, which React splits into short tasks: drawn at once, it held a
  // phone's main thread for over a second in Lighthouse's run of Home.
  const loaded = useDeferredValue(!profile.isPending && !notificationsLoading);
  if (!loaded || profile.isPending) return <BlockingOverlay message="Loading your workspace..." loaderStyle="bar" testId="app-loader" />;
  if (profile.isError)
    return (
      <Center mih="100vh" component="main">
        <Stack align="center">
          <Text role="alert">Sorry. Please try again later or contact us if the issue persists.</Text>
          <Button onClick={() => void profile.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  return <Workspace profile={profile.data} route={route} />;
}

function Workspace({ profile, route }: { profile: Profile; route: Route }) {
  const { params } = useUrl();
  const namesMissing = needsNameCheck(profile);

  useEffect(() => {
    setAppearance({ mode: profile.mode, theme: profile.theme });
  }, [profile.mode, profile.theme]);

  // after the first paint: the workspace shows without waiting for them
  useEffect(() => {
    let connected = false;
    const cancel = afterNextPaint(() => {
      connected = true;
      void establishSessionCookie().catch(() => undefined);
      connectRealtime();
    });
    return () => {
      cancel();
      if (connected) disconnectRealtime();
    };
  }, []);

  // Ctrl/Cmd+K opens the command palette, also pressed before its code has arrived (it opens once it has)
  useHotkeys([['mod+K', () => spotlight.open()]]);

  useEffect(() => {
    // home needs both names: My Space opens until they are there
    if (route.name === 'home' && namesMissing && !params.has('myspace')) setParams({ myspace: '' }, { replace: true });
  }, [route.name, namesMissing, params]);

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <ShellHeader profile={profile} route={route.name} />
      </AppShell.Header>
      {/* room on the left for the floating buttons */}
      <AppShell.Main pl={68}>
        <Suspense fallback={<BlockingOverlay message="Loading..." loaderStyle={loaderStyleOf(profile.appSettings)} />}>
          {route.name === 'home' && <Home.Component />}
          {route.name === 'board' && <BoardScreen />}
          {route.name === 'file' && <FileViewerScreen fileId={route.fileId} fileName={route.fileName} />}
        </Suspense>
      </AppShell.Main>
      <FloatingButtons />
      <AfterPaint>
        <Suspense fallback={null}>
          <CommandPalette />
        </Suspense>
        <MfaRequiredDialog profile={profile} />
      </AfterPaint>
      <ScreenLayer signedIn route={route.name} />
    </AppShell>
  );
}
