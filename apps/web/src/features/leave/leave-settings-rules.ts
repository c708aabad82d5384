import { DEFAULT_LEAVE_CODES, leaveCodeSchema, type LeaveCode } from '@crewplan/domain/org/settings';

/** A code as the form edits it: numbers may be blank while typed. */
export type CodeDraft = LeaveCode;

/** A blank code for the form (not fixed, no bounds, no days). */
export const blankCode = (): CodeDraft => ({
  id: '',
  code: '',
  description: '',
  fixed: false,
  isProjectLevel: false,
  days: [],
  comments: '',
  minHours: null,
  maxHours: null,
  allowHalfDays: false,
  timesPerYear: null,
  hideReason: false,
});

/** A new code's id from its short code or description ('Blood donation' → 'blood-donation'), unique among `taken`. */
export function newCodeId(draft: Pick<CodeDraft, 'code' | 'description'>, taken: readonly string[]): string {
  const base =
    (draft.code || draft.description)
      .toLowerCase()
      .normalize('NFKD')
      // the accents NFKD splits off go, not the letters they sit on ('Congé' → 'conge', not 'conge-')
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 36) || 'leave';
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

/** What the form must fix before a code is kept: the same rules the server applies, per field ('' when fine). */
export function codeProblems(draft: CodeDraft): Record<string, string> {
  const result = leaveCodeSchema.safeParse(draft);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'code');
    problems[field] ??= issue.message;
  }
  return problems;
}

/** Rule 219: the default codes the organisation no longer has (offered back). */
export const missingDefaults = (codes: readonly Pick<CodeDraft, 'id'>[]) =>
  DEFAULT_LEAVE_CODES.filter((fallback) => !codes.some((code) => code.id === fallback.id));

/** Whether a code is one of the default set (rule 219). */
export const isDefaultCode = (id: string) => DEFAULT_LEAVE_CODES.some((code) => code.id === id);

/** A server refusal's field ('leaveCodes.2.maxHours') as the row and field it names, or null for another field. */
export function codeFieldOf(field: string): { index: number; field: string } | null {
  const match = /^leaveCodes\.(\d+)\.(\w+)/.exec(field);
  return match ? { index: Number(match[1]), field: match[2]! } : null;
}
