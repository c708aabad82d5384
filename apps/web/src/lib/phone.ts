import { useMediaQuery } from '@mantine/hooks';

/** A screen up to 36em (576 px) wide, where a dialog takes the whole screen. Read at once, not after a first render. */
export const usePhone = (): boolean => useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
