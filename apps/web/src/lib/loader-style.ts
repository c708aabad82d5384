import { LOADER_STYLES, type LoaderStyle } from '@crewplan/domain/shared/constants';

/** The loader style a person chose in their app settings (default bar). */
export function loaderStyleOf(appSettings: Record<string, unknown> | undefined): LoaderStyle {
  const chosen = appSettings?.loaderStyle;
  return LOADER_STYLES.includes(chosen as LoaderStyle) ? (chosen as LoaderStyle) : 'bar';
}
