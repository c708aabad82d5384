import { useSyncExternalStore } from 'react';
import { COLOR_MODES, THEMES, type ColorMode, type ThemeName } from '@crewplan/domain/shared/constants';

export interface Appearance {
  mode: ColorMode;
  theme: ThemeName;
}

const APPEARANCE_KEY = 'crewplan.appearance';
const DEFAULT_APPEARANCE: Appearance = { mode: 'light', theme: 'main' };

/** Reads a stored appearance, ignoring anything that is not a known mode or theme. */
export function parseAppearance(raw: string | null): Appearance {
  try {
    const value = JSON.parse(raw ?? '{}') as Partial<Record<keyof Appearance, unknown>>;
    return {
      mode: COLOR_MODES.includes(value.mode as ColorMode) ? (value.mode as ColorMode) : DEFAULT_APPEARANCE.mode,
      theme: THEMES.includes(value.theme as ThemeName) ? (value.theme as ThemeName) : DEFAULT_APPEARANCE.theme,
    };
  } catch {
    return DEFAULT_APPEARANCE;
  }
}

function load(): Appearance {
  try {
    return parseAppearance(localStorage.getItem(APPEARANCE_KEY));
  } catch {
    return DEFAULT_APPEARANCE;
  }
}

let current = typeof window === 'undefined' ? DEFAULT_APPEARANCE : load();
const listeners = new Set<() => void>();

/** Applies mode and theme immediately; remembered locally so the next visit paints right away. */
export function setAppearance(next: Partial<Appearance>): void {
  const merged = { ...current, ...next };
  if (merged.mode === current.mode && merged.theme === current.theme) return;
  current = merged;
  try {
    localStorage.setItem(APPEARANCE_KEY, JSON.stringify(current));
  } catch {
    // remembered for this page only
  }
  for (const listener of listeners) listener();
}

export function useAppearance(): Appearance {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => DEFAULT_APPEARANCE,
  );
}
