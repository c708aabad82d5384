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
  kickedOff: 'kicked off',
  datesMoved: 'moved items',
  sectionTags: 'sections',
  theme: 'theme',
  cols: 'columns',
  autoAssign: 'auto-assign',
  projectCode: 'code',
};

/** Fields stored as the opposite of how they read ('notBillable' reads as billable). */
const INVERTED = new Set(['notBillable']);

function valueText(value: unknown, inverted = false): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  if (typeof value === 'boolean') return value !== inverted ? 'yes' : 'no';
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
    const inverted = INVERTED.has(field);
    return simple
      ? `${capitalise(label)} changed from ${valueText(from, inverted)} to ${valueText(to, inverted)}`
      : `${capitalise(label)} changed`;
  }
  return `${capitalise(noun)} changed: ${fields.map((field) => FIELD_LABELS[field] ?? field).join(', ')}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
