import { useEffect, useState } from 'react';
import { NumberInput } from '@mantine/core';

export interface EditableNumberProps {
  label: string;
  value: number | null;
  onSave: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Whole numbers only (a percentage). */
  integer?: boolean;
  /** Whether clearing the box saves nothing (null); otherwise a cleared box goes back to the saved value. */
  clearable?: boolean;
  description?: string;
  suffix?: string;
  disabled?: boolean;
  w?: number;
}

/** A number saved when it loses focus (commas ignored); a value out of range goes back to the saved one. */
export function EditableNumber({
  label,
  value,
  onSave,
  min,
  max,
  integer,
  clearable,
  description,
  suffix,
  disabled,
  w,
}: EditableNumberProps) {
  const [draft, setDraft] = useState<string | number>(value ?? '');
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(value ?? '');
  }, [value, editing]);
  const commit = () => {
    setEditing(false);
    const text = String(draft).replace(/,/g, '').trim();
    const next = text === '' ? null : Number(text);
    const valid =
      next === null
        ? clearable
        : Number.isFinite(next) &&
          (min === undefined || next >= min) &&
          (max === undefined || next <= max) &&
          (!integer || Number.isInteger(next));
    if (!valid) return setDraft(value ?? '');
    if (next !== value) onSave(next);
  };
  return (
    <NumberInput
      label={label}
      description={description}
      value={draft}
      min={min}
      max={max}
      allowDecimal={!integer}
      suffix={suffix}
      disabled={disabled}
      onFocus={() => setEditing(true)}
      onBlur={commit}
      onChange={setDraft}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      w={w}
    />
  );
}
