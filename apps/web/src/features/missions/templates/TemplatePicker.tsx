/** Picks a template to create a mission from. (Placeholder until the template screens land.) */
export function TemplatePicker(props: { org: string | null; value: string | null; onChange: (templateId: string | null) => void; proposal?: boolean }) {
  void props;
  return null;
}
