import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { templatesQuery } from './api.ts';
import { NONE_VALUE, TEMPLATE_PICKER_WIDTH, pickableTemplates, pickerData } from './template-rules.ts';

/**
 * Picks a template to create a mission from (spec 3 §2: dropdown width 400): 'None', the organisation's templates
 * and my personal ones; proposal templates for proposals.
 */
export function TemplatePicker({
  org,
  value,
  onChange,
  proposal = false,
}: {
  org: string | null;
  value: string | null;
  onChange: (templateId: string | null) => void;
  proposal?: boolean;
}) {
  const templates = useQuery(templatesQuery(org));
  const data = pickerData(pickableTemplates(templates.data ?? [], org, proposal));
  return (
    <Select
      label="Template"
      data={data}
      value={value ?? NONE_VALUE}
      onChange={(next) => onChange(!next || next === NONE_VALUE ? null : next)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No template matches"
      comboboxProps={{ width: TEMPLATE_PICKER_WIDTH, position: 'bottom-start', zIndex: 410 }}
      error={templates.isError ? templates.error.message : undefined}
    />
  );
}
