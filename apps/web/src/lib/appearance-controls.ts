import type { ColorMode, ThemeName } from '@crewplan/domain/shared/constants';
import { setAppearance, useAppearance } from './appearance.ts';
import { useUpdateProfile } from './profile.ts';
import { useToken } from './token.ts';

/** Changes mode or theme at once and keeps the choice in the profile of the signed-in person. */
export function useAppearanceControls() {
  const appearance = useAppearance();
  const signedIn = Boolean(useToken());
  const update = useUpdateProfile();

  const save = (change: { mode?: ColorMode; theme?: ThemeName }) => {
    setAppearance(change);
    if (signedIn) update.mutate(change);
  };

  return {
    ...appearance,
    setMode: (mode: ColorMode) => save({ mode }),
    setTheme: (theme: ThemeName) => save({ theme }),
    toggleMode: () => save({ mode: appearance.mode === 'dark' ? 'light' : 'dark' }),
  };
}
