import { lazy, Suspense, type ComponentType } from 'react';
import { useUrl, type Route } from '../lib/url-state.ts';
import { DiagnosticNotice } from './DiagnosticNotice.tsx';
import { openScreens, type ScreenParam } from './screen-rules.ts';

const MySpaceScreen = lazy(() => import('../features/people/MySpaceScreen.tsx').then((m) => ({ default: m.MySpaceScreen })));
const EmailLinkScreen = lazy(() => import('../features/identity/EmailLinkScreen.tsx').then((m) => ({ default: m.EmailLinkScreen })));
const LoginOverlay = lazy(() => import('../features/identity/LoginOverlay.tsx').then((m) => ({ default: m.LoginOverlay })));

/** The screen registry: each query parameter opens its (lazily loaded) screen. */
const SCREENS: Record<ScreenParam, ComponentType<{ value: string }>> = {
  mode: EmailLinkScreen,
  login: LoginOverlay,
  myspace: MySpaceScreen,
  diagnostic: DiagnosticNotice,
};

export function ScreenLayer({ signedIn, route }: { signedIn: boolean; route: Route['name'] }) {
  const { params } = useUrl();
  return (
    <>
      {openScreens(params, signedIn, route).map((param) => {
        const Screen = SCREENS[param];
        return (
          <Suspense key={param} fallback={null}>
            <Screen value={params.get(param) ?? ''} />
          </Suspense>
        );
      })}
    </>
  );
}
