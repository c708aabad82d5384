import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TIMINGS } from '@crewplan/domain/shared/constants';
import { onUnauthorized } from '../lib/api.ts';
import { queryClient } from '../lib/query-client.ts';
import { signOutLocally } from '../lib/session.ts';
import { AppErrorBoundary } from './ErrorBoundary.tsx';
import { featureSlots } from './feature-slots.tsx';
import { FeatureSlotsProvider } from '../lib/feature-slots.tsx';
import { Shell } from './Shell.tsx';
import { SyncOverlay } from './SyncOverlay.tsx';
import { ThemedMantineProvider } from './ThemedMantineProvider.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';

// a product call refused for a stale token signs the person out here too
onUnauthorized(signOutLocally);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedMantineProvider>
        <ModalsProvider>
          <Notifications position="top-center" autoClose={TIMINGS.toastDefaultMs} />
          <AppErrorBoundary>
            <FeatureSlotsProvider value={featureSlots}>
              <Shell />
            </FeatureSlotsProvider>
            <SyncOverlay />
            <UpdateBanner />
          </AppErrorBoundary>
        </ModalsProvider>
      </ThemedMantineProvider>
    </QueryClientProvider>
  );
}
