import type { ThemeName } from '@crewplan/domain/shared/constants';
import { palette } from './palette.ts';

export interface ThemeLook {
  hue: number;
  saturation: number;
  radius: 'xs' | 'sm' | 'md' | 'lg';
  headingsFont?: string;
}

/** The five named themes of the spec, each a variant of one Mantine theme. */
export const THEME_LOOKS: Record<ThemeName, ThemeLook> = {
  main: { hue: 238, saturation: 58, radius: 'sm' },
  peak: { hue: 165, saturation: 60, radius: 'md', headingsFont: 'Georgia, "Times New Roman", serif' },
  japan: { hue: 352, saturation: 68, radius: 'xs', headingsFont: '"Hiragino Mincho ProN", "Yu Mincho", Georgia, serif' },
  sca: { hue: 212, saturation: 52, radius: 'md' },
  'blue-sky': { hue: 199, saturation: 82, radius: 'lg' },
};

export const THEME_LABELS: Record<ThemeName, string> = {
  main: 'Main',
  peak: 'Peak',
  japan: 'Japan',
  sca: 'SCA',
  'blue-sky': 'Blue sky',
};

export function themeSwatch(name: ThemeName): string {
  const look = THEME_LOOKS[name];
  return palette(look.hue, look.saturation)[6];
}
