import { eq } from 'drizzle-orm';
import { people } from '../../db/schema/index.ts';
import { personRoom } from '../../plugins/realtime.ts';
import type { AppContext } from '../../plugins/types.ts';
import { mails } from '../mail/index.ts';
import { missionInviteLink } from './invites.service.ts';

/** The link of a mission in the web app. */
export function missionLink(publicUrl: string, missionId: string): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('mission', missionId);
  return url.toString();
}

/** What happens after team and invite writes commit: invite mails, and the personal rooms of invitees and inviters. */
export function subscribeTeamEvents(ctx: AppContext): void {
  ctx.events.on('mission.invite.created', async (event) => {
    await ctx.mailer.send(
      mails.missionInvite(
        event.inviteeEmail,
        { missionTitle: event.missionTitle, inviterName: event.inviterName, message: event.message, isTemplate: event.isTemplate },
        missionInviteLink(ctx.config.publicUrl, event.token),
      ),
    );
    if (event.inviteePersonId) {
      ctx.realtime.publish(personRoom(event.inviteePersonId), {
        type: 'create',
        entity: 'mission.invites',
        id: event.inviteId,
        data: { mission: event.missionId },
      });
    }
  });

  ctx.events.on('mission.invite.accepted', ({ inviterId, inviteId, missionId }) => {
    if (inviterId) {
      ctx.realtime.publish(personRoom(inviterId), {
        type: 'update',
        entity: 'mission.invites',
        id: inviteId,
        data: { status: 'accepted', mission: missionId },
      });
    }
  });

  // Rejection notifies the inviter (rule 136): their room at once, and a mail.
  ctx.events.on('mission.invite.rejected', async (event) => {
    if (!event.inviterId) return;
    ctx.realtime.publish(personRoom(event.inviterId), {
      type: 'update',
      entity: 'mission.invites',
      id: event.inviteId,
      data: { status: 'rejected', mission: event.missionId },
    });
    const [inviter] = await ctx.db.select({ email: people.email }).from(people).where(eq(people.id, event.inviterId));
    if (inviter) {
      await ctx.mailer.send(
        mails.missionInviteRejected(
          inviter.email,
          { missionTitle: event.missionTitle, inviteeEmail: event.inviteeEmail },
          missionLink(ctx.config.publicUrl, event.missionId),
        ),
      );
    }
  });

  // The person's own room hears that they left the team (or stayed as an organisation observer).
  ctx.events.on('mission.person.removed', ({ missionId, personId, effect }) => {
    ctx.realtime.publish(personRoom(personId), {
      type: effect === 'remove' ? 'delete' : 'update',
      entity: 'mission.people',
      id: missionId,
      data: { mission: missionId, effect },
    });
  });
}
