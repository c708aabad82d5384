import type { KeyboardEvent } from 'react';
import { Select } from '@mantine/core';
import { currencyChoices } from './currencies.ts';

/** The currency the viewer reads the figures in; the server converts (`?currency=`). */
export function CurrencyPicker(props: { value: string | null; own: string | undefined; onChange: (currency: string) => void }) {
  const value = props.value ?? props.own ?? null;
  return (
    <Select
      label="Show amounts in"
      w={240}
      size="sm"
      data={currencyChoices(props.own, props.value)}
      value={value}
      onChange={(currency) => currency && props.onChange(currency)}
      allowDeselect={false}
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Escape closes a full-screen money screen, unless it belongs to something smaller open in it (a list of options, a
 * menu): dialogs opened from the screen (the drill-down) close on their own and leave the screen open.
 */
export function escapeCloses(event: KeyboardEvent<HTMLElement>, close: () => void) {
  if (event.key !== 'Escape') return;
  const target = event.target as HTMLElement;
  if (target.getAttribute('data-mantine-stop-propagation') === 'true' || target.getAttribute('aria-expanded') === 'true') return;
  if (!event.currentTarget.contains(target)) return;
  close();
}
