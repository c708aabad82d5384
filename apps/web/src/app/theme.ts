import { createTheme, Loader, Modal, Notification, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { ThemeName } from '@crewplan/domain/shared/constants';
import { palette } from '../lib/palette.ts';
import { THEME_LOOKS } from '../lib/theme-looks.ts';

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export function buildTheme(name: ThemeName): MantineThemeOverride {
  const look = THEME_LOOKS[name];
  return createTheme({
    colors: { brand: palette(look.hue, look.saturation) },
    primaryColor: 'brand',
    primaryShade: { light: 7, dark: 6 },
    autoContrast: true,
    defaultRadius: look.radius,
    fontFamily: systemFont,
    headings: { fontFamily: look.headingsFont ?? systemFont },
    respectReducedMotion: true,
    components: {
      // icon-only close buttons need a name for screen readers
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
      Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
      // a loader is a span: its aria-label ("Loading the files") is read only with a role
      Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    },
  });
}

/**
 * Mantine's dimmed text and its field-error red are below AA contrast; one shade darker (lighter in dark mode) passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7]!,
    '--mantine-color-anchor': 'var(--mantine-color-brand-8)',
    '--mantine-color-error': theme.colors.red[8]!,
  },
  dark: {
    '--mantine-color-dimmed': theme.colors.dark[1]!,
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
    '--mantine-color-error': theme.colors.red[4]!,
  },
});
