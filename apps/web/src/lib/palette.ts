/**
 * Contrast against white of the ten shades, light to dark. Aiming at contrast rather than lightness
 * gives every hue the same steps; shade 6 (the filled colour) carries white text at AA and still
 * stands out from the dark body.
 */
const CONTRAST_WITH_WHITE = [1.08, 1.25, 1.6, 2.2, 3.0, 3.8, 4.8, 6.0, 7.6, 9.6] as const;

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

export type Palette = [string, string, string, string, string, string, string, string, string, string];

/** Ten shades of one hue, light to dark, in Mantine's palette format. */
export function palette(hue: number, saturation: number): Palette {
  return CONTRAST_WITH_WHITE.map((target) => {
    // contrast with white grows as lightness falls: search the lightness that reaches the target
    let light = 100;
    let dark = 0;
    for (let step = 0; step < 20; step += 1) {
      const middle = (light + dark) / 2;
      if (contrastRatio(hslToHex(hue, saturation, middle), '#ffffff') < target) light = middle;
      else dark = middle;
    }
    return hslToHex(hue, saturation, dark);
  }) as Palette;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
