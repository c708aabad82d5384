import { Select } from '@mantine/core';
import { currencyChoices } from './currencies.ts';

/** The currency the viewer reads the figures in; the server converts (`?currency=`). */
export function CurrencyPicker(props: { value: string | null; own: string | undefined; onChange: (currency: string) => void }) {
  const value = props.value ?? props.own ?? null;
  return (
    <Select
      label="Show amounts in"
      w={150}
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
