/**
 * Red for a warning or an error line of text: red.8 on the light page, red.4 on the dark one, both at AA contrast
 * (red.8 on the dark page is 3.4:1). Needs the page's `color-scheme`, which the colour-scheme attribute sets.
 */
export const WARNING_TEXT = 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))';
