import { useEffect, useState } from 'react';
import { Textarea, TextInput } from '@mantine/core';

export interface EditableTextProps {
  label: string;
  value: string;
  onSave: (value: string) => void;
  disabled?: boolean;
  multiline?: boolean;
  required?: boolean;
}

/** A text saved when it loses focus; another person's change shows unless it is being edited. */
export function EditableText({ label, value, onSave, disabled, multiline, required }: EditableTextProps) {
  const [draft, setDraft] = useState(value);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);
  const commit = () => {
    setEditing(false);
    const next = draft.trim();
    if (required && !next) return setDraft(value);
    if (next !== value) onSave(next);
  };
  const props = {
    label,
    value: draft,
    disabled,
    onFocus: () => setEditing(true),
    onBlur: commit,
    onChange: (event: { currentTarget: { value: string } }) => setDraft(event.currentTarget.value),
  };
  return multiline ? <Textarea {...props} autosize minRows={3} maxRows={12} /> : <TextInput {...props} />;
}
