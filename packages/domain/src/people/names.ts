/** First and last names are capitalised when they start lowercase (spec rule 147). */
export function capitaliseName(raw: string): string {
  const name = raw.trim();
  if (!name) return name;
  const first = String.fromCodePoint(name.codePointAt(0)!);
  const upper = first.toLocaleUpperCase();
  // a letter whose capital is another length ('ß' to 'SS') is left as typed: capitalising must not respell a name
  const capitalises = first === first.toLocaleLowerCase() && upper !== first && [...upper].length === 1;
  return capitalises ? upper + name.slice(first.length) : name;
}

/** Home and the shell need both names; without them My Space opens with the name-check message. */
export function needsNameCheck(person: { firstName?: string | null; lastName?: string | null }): boolean {
  return !person.firstName?.trim() || !person.lastName?.trim();
}
