/** First and last names are capitalised when they start lowercase (spec rule 147). */
export function capitaliseName(raw: string): string {
  const name = raw.trim();
  if (!name) return name;
  const first = name.charAt(0);
  return first === first.toLocaleLowerCase() && first !== first.toLocaleUpperCase() ? first.toLocaleUpperCase() + name.slice(1) : name;
}

/** Home and the shell need both names; without them My Space opens with the name-check message. */
export function needsNameCheck(person: { firstName?: string | null; lastName?: string | null }): boolean {
  return !person.firstName?.trim() || !person.lastName?.trim();
}
