/**
 * Red for a warning or an error line of text: red.8 on the light page, red.4 on the dark one, both at AA contrast
 * (red.8 on the dark page is 3.4:1). Needs the page's `color-scheme`, which the colour-scheme attribute sets.
 */
export const WARNING_TEXT = 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))';

/**
 * Orange for text or an outline: orange.9 darkened by a quarter on the light page, where orange.9 itself is 4.3:1 on
 * white and 3.6:1 on a light orange badge; orange.4 on the dark one. AA (4.5:1) on both.
 */
export const ORANGE_TEXT = 'light-dark(color-mix(in srgb, var(--mantine-color-orange-9) 75%, black), var(--mantine-color-orange-4))';
