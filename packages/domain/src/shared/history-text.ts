import { wordsOfName } from './words.ts';

/** One recorded change, of a mission's history or an organisation's audit. */
export type HistoryEvent = {
  action: string;
  entity: string;
  title: string;
  actorName: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
};

/** What each kind of entity is called in a sentence. */
const NOUNS: Record<string, string> = {
  missions: 'the mission',
  'mission.people': 'the team member',
  'mission.invites': 'the invite of',
  'plan.items': 'the plan item',
  baselines: 'the baseline',
  'section.tags': 'the section',
  kpis: 'the KPI',
  licences: 'the licence',
  actions: 'the action',
  'action.items': 'the task',
  checklist: 'the checklist item',
  dependencies: 'the dependency',
  'plan.requests': 'the request for',
  'plan.schedules': 'the schedule of',
  files: 'the file',
  orgs: 'the organisation',
  'org.people': 'the person',
  roles: 'the role',
  departments: 'the department',
  offices: 'the office',
  programs: 'the program',
  goals: 'the goal',
  clients: 'the client',
  'client.orders': 'the order',
  'client.invoices': 'the invoice',
  'org.invites': 'the invite of',
  'org.apiKeys': 'the API key',
  timesheets: 'the timesheet',
  'rate.cards': 'the rate card',
};

const VERBS: Record<string, string> = {
  create: 'added',
  update: 'changed',
  delete: 'deleted',
  archive: 'archived',
  restore: 'restored',
  invite: 'invited',
  accept: 'accepted',
  reject: 'declined',
  remove: 'removed',
  schedule: 'scheduled the leaving of',
};

/** Fields people know by another name. */
const FIELD_WORDS: Record<string, string> = {
  title: 'title',
  planStartDate: 'start',
  planEndDate: 'end',
  startDate: 'start',
  endDate: 'end',
  dueDate: 'due date',
  projectStatus: 'status',
  notBillable: 'billable',
  kickedOff: 'kicked off',
  datesMoved: 'moved items',
  sectionTags: 'sections',
  sectionTagId: 'section',
  cols: 'columns',
  col: 'column',
  autoAssign: 'auto-assign',
  projectCode: 'code',
  people: 'people',
  estimatedDuration: 'estimated hours',
  percentComplete: 'progress',
  metaType: 'kind',
  actionId: 'action',
  permission: 'permission',
  isProjectManager: 'project manager',
  overTimeAfterMinutes: 'overtime threshold in minutes',
  overTimeAfterDayOrWeek: 'overtime period',
};

/** Fields stored as the opposite of how they read ('notBillable' reads as billable). */
const INVERTED = new Set(['notBillable']);

/** Fields that hold ids or lists: the sentence says they changed, not their raw values. */
const OPAQUE = new Set(['people', 'actionId', 'sectionTagId', 'copyOf', 'dependencies', 'person', 'departments', 'offices']);

const fieldWords = (field: string) => FIELD_WORDS[field] ?? wordsOfName(field).toLowerCase();
const quoted = (text: string) => `'${text}'`;

function valueText(value: unknown, inverted = false): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  if (typeof value === 'boolean') return value !== inverted ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return quoted(value);
  return 'a new value';
}

const isSimple = (field: string, value: unknown) => !OPAQUE.has(field) && (typeof value !== 'object' || value === null);

/** A task's status change as the verb people use: completed, reopened, blocked… */
function statusSentence(actor: string, title: string, from: unknown, to: unknown): string {
  if (to === 'done') return `${actor} completed ${quoted(title)}`;
  if (from === 'done') return `${actor} reopened ${quoted(title)}`;
  if (to === 'blocked') return `${actor} marked ${quoted(title)} as blocked`;
  if (to === 'in-progress') return `${actor} started ${quoted(title)}`;
  if (to === 'review') return `${actor} sent ${quoted(title)} for review`;
  if (to === 'open') return `${actor} set ${quoted(title)} back to open`;
  return `${actor} set the status of ${quoted(title)} to ${valueText(to)}`;
}

function updateSentence(event: HistoryEvent, actor: string, noun: string): string {
  const changes = event.changes ?? {};
  const fields = Object.keys(changes);
  const subject = event.title ? `${noun} ${quoted(event.title)}` : noun;
  if (fields.length === 0) return `${actor} changed ${subject}`;
  const isTask = event.entity === 'action.items' || event.entity === 'actions';
  // a status change brings its own bookkeeping (completed on and by, progress): the status says it all
  if (isTask && changes.status) return statusSentence(actor, event.title, changes.status.from, changes.status.to);
  if (fields.length === 1) {
    const field = fields[0]!;
    const { from, to } = changes[field]!;
    if (field === 'title' && typeof from === 'string' && typeof to === 'string')
      return `${actor} renamed ${noun} ${quoted(from)} to ${quoted(to)}`;
    if (field === 'people' && event.entity === 'action.items') return `${actor} changed the people on ${quoted(event.title)}`;
    if (field === 'done' && event.entity === 'checklist') return `${actor} ${to ? 'ticked' : 'unticked'} ${subject}`;
    if (!isSimple(field, to) || !isSimple(field, from)) return `${actor} changed the ${fieldWords(field)} of ${subject}`;
    const inverted = INVERTED.has(field);
    return `${actor} changed the ${fieldWords(field)} of ${subject} from ${valueText(from, inverted)} to ${valueText(to, inverted)}`;
  }
  const words = fields.map(fieldWords);
  const list = words.length === 2 ? words.join(' and ') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `${actor} changed the ${list} of ${subject}`;
}

/**
 * One line of a history, in words: "Dana completed 'Sitemap'", "Dana renamed the task 'A' to 'B'",
 * "Ada added the department 'Design'". Mission history and organisation audit speak through it alike.
 */
export function historySentence(event: HistoryEvent): string {
  const actor = event.actorName.trim() || 'Someone';
  const noun = NOUNS[event.entity] ?? `the ${wordsOfName(event.entity.replaceAll('.', ' ')).toLowerCase()}`;
  if (event.action === 'update') return updateSentence(event, actor, noun);
  const verb = VERBS[event.action] ?? `${wordsOfName(event.action).toLowerCase()}d`;
  const title = event.title ? quoted(event.title) : '';
  // an invite names the person invited, not "the invite of"
  if (event.action === 'invite') return [actor, 'invited', title || 'someone'].join(' ');
  if (event.action === 'schedule') return [actor, verb, title].filter(Boolean).join(' ');
  if (event.action === 'create' && event.entity === 'action.items' && event.changes?.copyOf) return `${actor} copied a task as ${title}`;
  return [actor, verb, noun, title].filter(Boolean).join(' ');
}
