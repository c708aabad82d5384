import { and, eq, isNull, or } from 'drizzle-orm';
import { CHANGE_ROOM_PREFIXES, changeRooms } from '@crewplan/domain';
import { orgPeople, orgs, people } from '../../db/schema/index.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import { personRoom } from '../../plugins/realtime.ts';
import type { AppContext } from '../../plugins/types.ts';
import { mails } from '../mail/index.ts';
import { orgInviteLink } from './invites.service.ts';

export const ORG_ROOM_PREFIX = CHANGE_ROOM_PREFIXES.org;
export const orgRoom = changeRooms.org;

/** What the organisation area does after its writes commit: realtime to the organisation's room, invite mail. */
export function subscribeOrgEvents(ctx: AppContext): void {
  // Only current members of an organisation that still exists may listen to its changes, and not while it requires
  // two-factor sign-in they lack (rule 109, as its missions' rooms): starting to require it re-checks every socket.
  ctx.realtime.registerRoom(ORG_ROOM_PREFIX, async (principal, orgId) => {
    const [row] = await ctx.db
      .select({ id: orgPeople.id })
      .from(orgPeople)
      .innerJoin(orgs, eq(orgs.id, orgPeople.orgId))
      .innerJoin(people, eq(people.id, orgPeople.personId))
      .where(
        and(
          eq(orgPeople.orgId, orgId),
          eq(orgPeople.personId, principal.personId),
          currentMembership(),
          isNull(orgs.deletedAt),
          or(eq(orgs.isMFARequired, false), eq(people.twoFactorEnabled, true)),
        ),
      )
      .limit(1);
    return Boolean(row);
  });

  ctx.events.on('org.changed', ({ orgId, changes }) => {
    for (const change of changes) ctx.realtime.publish(orgRoom(orgId), change);
  });

  ctx.events.on('org.invite.created', async (event) => {
    await ctx.mailer.send(
      mails.orgInvite(
        event.inviteeEmail,
        { orgTitle: event.orgTitle, inviterName: event.inviterName, message: event.message },
        orgInviteLink(ctx.config.publicUrl, event.token),
      ),
    );
  });

  // The inviter's own room hears of a rejection at once; the notifications domain subscribes to the same event.
  ctx.events.on('org.invite.rejected', ({ inviterId, inviteId }) => {
    if (inviterId)
      ctx.realtime.publish(personRoom(inviterId), { type: 'update', entity: 'org.invites', id: inviteId, data: { status: 'rejected' } });
  });
}
