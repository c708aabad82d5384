import type { MissionPerson } from '@crewplan/domain';
import type { orgPeople, people } from '../../db/schema/index.ts';
import type { MissionPersonRow } from '../../plugins/mission-access.ts';
import { avatarUrl } from '../people/index.ts';

type PersonRow = typeof people.$inferSelect;
type OrgPersonRow = typeof orgPeople.$inferSelect;

/** A team row with the person and, for organisation missions, their current membership. */
export type TeamRow = { member: MissionPersonRow; person: PersonRow; orgMember: OrgPersonRow | null };

export function presentMissionPerson({ member, person, orgMember }: TeamRow): MissionPerson {
  return {
    _id: person.id,
    ref: { _id: person.id, firstName: person.firstName, lastName: person.lastName, avatar: avatarUrl(person) },
    email: member.email,
    permission: member.permission,
    isProjectManager: member.isProjectManager,
    role: member.role,
    customRole: member.customRole,
    invitePending: member.invitePending,
    departments: orgMember?.departments ?? [],
    office: orgMember?.officeId ?? null,
    accessibleDepartments: orgMember?.accessibleDepartments ?? [],
    accessibleOffices: orgMember?.accessibleOffices ?? [],
    canApproveRoles: orgMember?.canApproveRoles ?? false,
    canApproveLeaves: orgMember?.canApproveLeaves ?? false,
    isOrgAdmin: orgMember?.level === 'ADMIN',
    country: person.country,
    state: person.state,
    timezone: person.timezone,
  };
}
