import { Overlay, Paper, Stack, Text } from '@mantine/core';
import type { LoaderStyle } from '@crewplan/domain/shared/constants';
import { LoaderAnimation } from './LoaderAnimation.tsx';

/** A full-screen layer that blocks the app while it cannot be used yet, saying why. */
export function BlockingOverlay({ message, loaderStyle, testId }: { message: string; loaderStyle: LoaderStyle; testId?: string }) {
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.75} color="var(--mantine-color-body)" blur={3} center data-testid={testId}>
      <Paper shadow="md" withBorder px="xl" py="lg" radius="md">
        <Stack align="center" gap="md" role="status" aria-live="polite">
          <LoaderAnimation style={loaderStyle} />
          <Text fw={500}>{message}</Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
