import { useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useAppearance } from '../lib/appearance.ts';
import { buildTheme, cssVariablesResolver } from './theme.ts';

/** Mantine with the person's mode and named theme, switched the moment they change. */
export function ThemedMantineProvider({ children }: { children: ReactNode }) {
  const { mode, theme } = useAppearance();
  const mantineTheme = useMemo(() => buildTheme(theme), [theme]);
  return (
    <MantineProvider theme={mantineTheme} forceColorScheme={mode} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
