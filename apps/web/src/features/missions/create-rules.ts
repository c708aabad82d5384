import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import type { ProjectType } from '@crewplan/domain/missions/status';
import { ApiError } from '../../lib/api-error.ts';

/** The query parameters that open the creation dialog (spec 1 §2), in the order they are looked at. */
export const CREATION_PARAMS = [
  'mc',
  'mc-org',
  'mc-program',
  'mc-org-goal',
  'mc-prop',
  'mc-departments',
  'mc-offices',
  'mc-client',
  'create-mission',
  'create-proposal',
] as const;

/** Every creation parameter removed: closing the dialog. */
export const clearedCreationParams = (): Record<string, null> => Object.fromEntries(CREATION_PARAMS.map((name) => [name, null]));

const ID = /^[0-9a-f]{24}$/;
const ids = (value: string | null) => (value ?? '').split(',').filter((part) => ID.test(part));
const idOrNull = (value: string | null) => (value && ID.test(value) ? value : null);

/** What the dialog starts with, read from every creation parameter in the URL. */
export interface CreationPrefill {
  org: string | null;
  program: string | null;
  goal: string | null;
  client: string | null;
  departmentTags: string[];
  offices: string[];
  isProposal: boolean;
  projectType: ProjectType;
}

/**
 * The dialog's starting fields: `mc-org` the organisation, `mc-program` the program, `mc-org-goal` the goal
 * (portfolio), `mc-client` the client, `mc-departments`/`mc-offices` comma-separated ids, `mc-prop` and
 * `create-proposal` a proposal; `create-mission=task` starts a simple project (a plain task list).
 */
export function creationPrefill(params: URLSearchParams): CreationPrefill {
  return {
    org: idOrNull(params.get('mc-org')),
    program: idOrNull(params.get('mc-program')),
    goal: idOrNull(params.get('mc-org-goal')),
    client: idOrNull(params.get('mc-client')),
    departmentTags: ids(params.get('mc-departments')),
    offices: ids(params.get('mc-offices')),
    isProposal: params.has('mc-prop') || params.has('create-proposal'),
    projectType: params.get('create-mission') === 'task' ? 'simple' : 'kanban',
  };
}

/** `mc=<mission id>` edits an existing mission: its settings tab opens instead of the creation dialog. */
export function editedMissionOf(params: URLSearchParams): string | null {
  return idOrNull(params.get('mc'));
}

/** Project types with the short description the dialog shows. */
export const PROJECT_TYPE_CHOICES: readonly { value: ProjectType; label: string; description: string }[] = [
  { value: 'simple', label: 'Simple', description: 'A list of tasks by week: quick to start, nothing to set up.' },
  { value: 'kanban', label: 'Kanban', description: 'Tasks move across columns, from to do to done.' },
  { value: 'power', label: 'Power', description: 'Roles, phases, budgets and hours for a fully planned project.' },
  { value: 'mx-gantt', label: 'Gantt', description: 'A timeline of dependent tasks with a critical path.' },
];

/** The spec text for a failed creation: the account limit, or the generic one. */
export function creationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && /account[_-]limit/.test(error.code)) return MISSION_MESSAGES.accountLimit;
  // a refused field says which and why (its sentence also shows next to the field)
  if (error instanceof ApiError && error.code === 'validation') return error.message;
  return MISSION_MESSAGES.createFailed;
}
