/**
 * Spec 1 §6, rule 109: an organisation that requires two-factor authentication (isMFARequired) withholds its
 * projects from a person without it. Mission lists drop the projects of these organisations.
 */
export function withheldOrgIds(
  orgs: readonly { _id: string; isMFARequired: boolean }[] | undefined,
  profile: { multiFactor: boolean } | undefined,
): string[] {
  if (!orgs || !profile || profile.multiFactor) return [];
  return orgs.filter((org) => org.isMFARequired).map((org) => org._id);
}

/** The withheld organisations still to ask about: those not put off ('I'll do it later') in this browser session. */
export function orgsToPrompt(withheld: readonly string[], later: readonly string[]): string[] {
  return withheld.filter((id) => !later.includes(id));
}

/** The ids put off in this session, from their stored form (anything unreadable counts as none). */
export function parseLater(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
