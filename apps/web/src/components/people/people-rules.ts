/**
 * Pure rules of the people widgets (spec 1 §2, rules 279, 282): who a picker still offers, how many a list shows.
 * Domain-free: the widgets know people only by these summaries.
 */

/** A person as every people widget shows them. */
export interface PersonSummary {
  id: string;
  name: string;
  avatar?: string | null;
  email?: string | null;
  /** The role or permission label shown under the name. */
  role?: string | null;
  state?: string | null;
  country?: string | null;
  timezone?: string | null;
  /** Their invite is not accepted yet. */
  pending?: boolean;
}

/** People shown in a people list before the '+N' overflow count (rule 279). */
export const PEOPLE_SHOWN_DEFAULT = 20;

/** Initials for an avatar without a picture: first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** The people a list shows and how many more hide behind the '+N' count. */
export function splitOverflow<T>(people: readonly T[], shown = PEOPLE_SHOWN_DEFAULT): { shown: T[]; overflow: number } {
  const limit = Math.max(0, shown);
  return { shown: people.slice(0, limit), overflow: Math.max(0, people.length - limit) };
}

/** 'State, Country', either part alone, or null. */
export function placeOf(person: Pick<PersonSummary, 'state' | 'country'>): string | null {
  const parts = [person.state, person.country].map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * What the person picker offers (rule 282): people not already added, matching the search on name or role
 * (case-insensitive; a blank search matches everybody).
 */
export function pickerCandidates<T extends Pick<PersonSummary, 'id' | 'name' | 'role'>>(
  people: readonly T[],
  addedIds: ReadonlySet<string> | readonly string[],
  search: string,
): T[] {
  const added = addedIds instanceof Set ? addedIds : new Set(addedIds as readonly string[]);
  const query = search.trim().toLowerCase();
  return people.filter((person) => {
    if (added.has(person.id)) return false;
    if (!query) return true;
    return person.name.toLowerCase().includes(query) || (person.role ?? '').toLowerCase().includes(query);
  });
}

/** Whether everybody eligible is already added (the picker then says so instead of listing). */
export function everyoneAdded(people: readonly Pick<PersonSummary, 'id'>[], addedIds: ReadonlySet<string> | readonly string[]): boolean {
  const added = addedIds instanceof Set ? addedIds : new Set(addedIds as readonly string[]);
  return people.every((person) => added.has(person.id));
}
