/** Lightness of the ten shades of a palette; shades 6 and up keep white text readable (WCAG AA). */
const LIGHTNESS = [96, 91, 82, 72, 62, 52, 40, 34, 28, 22] as const;

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
  let ceiling = 100;
  return LIGHTNESS.map((target, index) => {
    let lightness = Math.min(target, ceiling);
    // bright hues (greens, cyans) need a darker shade for the same contrast
    while (index >= 6 && lightness > 5 && contrastRatio(hslToHex(hue, saturation, lightness), '#ffffff') < 4.6) lightness -= 1;
    ceiling = lightness - 4;
    return hslToHex(hue, saturation, lightness);
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
