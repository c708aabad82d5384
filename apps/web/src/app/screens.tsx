import { lazy, Suspense, type ComponentType } from 'react';
import { useUrl, type Route } from '../lib/url-state.ts';
import { OvertimeScreen, TimeTrackingScreen } from '../features/time/index.ts';
import { BudgetSetupScreen, BudgetViewScreen, OrgMoneyScreen } from '../features/money/index.ts';
import { MyExpensesScreen } from '../features/expenses/index.ts';
import { InvoicesScreen } from '../features/invoices/index.ts';
import { LeaveNoticeScreen } from '../features/leave/index.ts';
import { PlannerScreen } from '../features/planner/index.ts';
import { DiagnosticNotice } from './DiagnosticNotice.tsx';
import { openScreens, type ScreenParam } from './screen-rules.ts';

const MySpaceScreen = lazy(() => import('../features/people/index.ts').then((m) => ({ default: m.MySpaceScreen })));
const EmailLinkScreen = lazy(() => import('../features/identity/EmailLinkScreen.tsx').then((m) => ({ default: m.EmailLinkScreen })));
const LoginOverlay = lazy(() => import('../features/identity/LoginOverlay.tsx').then((m) => ({ default: m.LoginOverlay })));
const OrgScreen = lazy(() => import('../features/org/OrgScreen.tsx').then((m) => ({ default: m.OrgScreen })));
const HqScreen = lazy(() => import('../features/org/HqScreen.tsx').then((m) => ({ default: m.HqScreen })));
const MissionScreen = lazy(() => import('../features/missions/MissionScreen.tsx').then((m) => ({ default: m.MissionScreen })));
const CreateMissionDialog = lazy(() =>
  import('../features/missions/CreateMissionDialog.tsx').then((m) => ({ default: m.CreateMissionDialog })),
);
const InviteLinkScreen = lazy(() => import('./InviteLinkScreen.tsx').then((m) => ({ default: m.InviteLinkScreen })));

const InviteNoticeScreen = lazy(() =>
  import('../features/notifications/InviteNoticeScreen.tsx').then((m) => ({ default: m.InviteNoticeScreen })),
);
const TaskScreen = lazy(() => import('../features/tasks/detail/TaskScreen.tsx').then((m) => ({ default: m.TaskScreen })));

/** The screen registry: each query parameter opens its (lazily loaded) screen. */
const SCREENS: Record<ScreenParam, ComponentType<{ value: string }>> = {
  mode: EmailLinkScreen,
  login: LoginOverlay,
  myspace: MySpaceScreen,
  org: OrgScreen,
  hq: HqScreen,
  from: InviteLinkScreen,
  diagnostic: DiagnosticNotice,
  'action-item': TaskScreen,
  'invite-notice': InviteNoticeScreen,
  'leave-notice': LeaveNoticeScreen,
  'time-tracking': TimeTrackingScreen,
  planner: PlannerScreen,
  'my-expenses': MyExpensesScreen,
  otPeriodStart: OvertimeScreen,
  invoice: InvoicesScreen,
  mission: MissionScreen,
  'budget-bar': BudgetViewScreen,
  'budget-setup': BudgetSetupScreen,
  'money-org': OrgMoneyScreen,
  mc: CreateMissionDialog,
  'mc-org': CreateMissionDialog,
  'mc-program': CreateMissionDialog,
  'mc-org-goal': CreateMissionDialog,
  'mc-prop': CreateMissionDialog,
  'mc-departments': CreateMissionDialog,
  'mc-offices': CreateMissionDialog,
  'mc-client': CreateMissionDialog,
  'create-mission': CreateMissionDialog,
  'create-proposal': CreateMissionDialog,
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
