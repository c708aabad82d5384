/** The words a history row uses for each kind of entity. */
const ENTITY_NOUNS: Record<string, string> = {
  missions: 'mission',
  'mission.people': 'team member',
  'mission.invites': 'invite',
  'plan.items': 'plan item',
  baselines: 'baseline',
  'section.tags': 'section',
  kpis: 'KPI',
  licences: 'licence',
};

const VERBS: Record<string, string> = { create: 'added', update: 'changed', delete: 'removed' };

const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  planStartDate: 'start',
  planEndDate: 'end',
  projectStatus: 'status',
  notBillable: 'billable',
  theme: 'theme',
  cols: 'columns',
  autoAssign: 'auto-assign',
  projectCode: 'code',
};

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return 'a new value';
}

/**
 * One line of the history: "Title changed from A to B", "Section Design added", "Mission changed: start, end".
 * Simple values show their before and after; structured ones only their field name.
 */
export function historyLine(event: {
  action: string;
  entity: string;
  title: string;
  changes: Record<string, { from: unknown; to: unknown }>;
}): string {
  const noun = ENTITY_NOUNS[event.entity] ?? event.entity;
  const verb = VERBS[event.action] ?? event.action;
  const fields = Object.keys(event.changes);
  if (event.action !== 'update' || fields.length === 0) return `${capitalise(noun)} ${event.title ? `${event.title} ` : ''}${verb}`.trim();
  if (fields.length === 1) {
    const field = fields[0]!;
    const { from, to } = event.changes[field]!;
    const label = FIELD_LABELS[field] ?? field;
    const simple = typeof to !== 'object' || to === null;
    return simple ? `${capitalise(label)} changed from ${valueText(from)} to ${valueText(to)}` : `${capitalise(label)} changed`;
  }
  return `${capitalise(noun)} changed: ${fields.map((field) => FIELD_LABELS[field] ?? field).join(', ')}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
