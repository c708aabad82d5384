import type { Profile } from '@crewplan/domain';
import type { people, personEmails } from '../../db/schema/index.ts';

type PersonRow = typeof people.$inferSelect;
type EmailRow = typeof personEmails.$inferSelect;

export function avatarUrl(person: Pick<PersonRow, 'id' | 'avatarVersion'>): string | null {
  return person.avatarVersion ? `/api/people/profile/avatar?personId=${person.id}&v=${person.avatarVersion}` : null;
}

/** The caller's own profile. */
export function presentProfile(person: PersonRow, emails: EmailRow[]): Profile {
  return {
    _id: person.id,
    email: person.email,
    emailVerified: person.emailVerified,
    emailList: emails.map((e) => ({ email: e.email, verified: e.verified })),
    firstName: person.firstName,
    lastName: person.lastName,
    avatar: avatarUrl(person),
    theme: person.theme as Profile['theme'],
    mode: person.mode as Profile['mode'],
    appSettings: person.appSettings,
    uiMessageFlags: person.uiMessageFlags,
    country: person.country,
    city: person.city,
    state: person.state,
    timezone: person.timezone,
    multiFactor: person.twoFactorEnabled,
    invitePending: person.invitePending,
    createdAt: person.createdAt.toISOString(),
  };
}
