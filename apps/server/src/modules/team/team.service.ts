import { and, eq, inArray, or } from 'drizzle-orm';
import {
  autoCreateRoleFor,
  countsAsSeat,
  isMissionAdmin,
  isWorkingMember,
  PERMISSION_ADMIN,
  PERMISSION_TEAM_LEAD,
  REMOVED_ORG_ADMIN,
  removalCheck,
  type MissionPerson,
  type MissionPersonUpdate,
} from '@crewplan/domain';
import { diffFields, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { missionInvites, missionPeople } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { MissionAccess, MissionPersonRow } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { activeMemberOf, checkGrant } from './grants.ts';
import { presentMissionPerson, type TeamRow } from './team.presenter.ts';
import { loadTeamPerson } from './team.queries.ts';

export const personNotFound = () => appError('personNotFound');
const lastAdmin = () => appError('missionLastAdmin');

/** Somebody already working on the team (an accepted row at permission 3 or less), whom an invite must not change. */
export const isOnTeam = (row: MissionPersonRow | null | undefined) => !!row && !row.invitePending && isWorkingMember(row.permission);

/** The invites of a team person to the mission that can still be answered: bound to them, or to one of their emails. */
const openInvitesOf = (missionId: string, { member, person }: TeamRow) =>
  and(
    eq(missionInvites.missionId, missionId),
    inArray(missionInvites.status, ['pending', 'confirmed']),
    or(eq(missionInvites.personId, person.id), inArray(missionInvites.inviteeEmail, [...new Set([member.email, person.email])])),
  );

/** How many accepted admins (permission 2) the mission has; read in the command's transaction, the rows locked. */
async function countAdmins(tx: Tx, missionId: string): Promise<number> {
  const rows = await tx
    .select({ id: missionPeople.id })
    .from(missionPeople)
    .where(
      and(eq(missionPeople.missionId, missionId), eq(missionPeople.permission, PERMISSION_ADMIN), eq(missionPeople.invitePending, false)),
    )
    .for('update');
  return rows.length;
}

/**
 * `PUT /mission/:id/people/:personId`: changes a team person's permission, project-manager flag, role or custom
 * role. Only mission admins and organisation admins give admin (2); a new permission passes what inviting with it
 * would (`checkGrant`); nobody demotes the last admin.
 */
export async function updateMissionPerson(
  ctx: AppContext,
  access: MissionAccess,
  personId: string,
  patch: MissionPersonUpdate,
): Promise<MissionPerson> {
  const { mission } = access;
  const givesAdmin = patch.permission === PERMISSION_ADMIN;
  if (givesAdmin && !isMissionAdmin(activeMemberOf(access)) && access.orgMember?.level !== 'ADMIN') {
    throw appError('onlyAdminsMakeAdmins');
  }
  await runMissionCommand(ctx, mission.id, access.personId, async (tx, record) => {
    const target = await loadTeamPerson(tx, mission, personId);
    if (!target) throw personNotFound();
    const before = target.member;
    const permission = patch.permission ?? before.permission;
    const grant = {
      permission,
      // as an invite gives it: the project-manager flag goes with permissions 1 and 2 only (the board reads it alone)
      isProjectManager:
        (permission === PERMISSION_TEAM_LEAD || permission === PERMISSION_ADMIN) && (patch.isProjectManager ?? before.isProjectManager),
    };
    const update =
      patch.permission !== undefined || patch.isProjectManager !== undefined
        ? { ...patch, isProjectManager: grant.isProjectManager }
        : patch;
    // a new permission passes what an invite of it would (the dialog's choices, approved domains, free seats)
    if (grant.permission !== before.permission || grant.isProjectManager !== before.isProjectManager) {
      const grantee = { email: before.email, personId };
      await checkGrant(tx, access, grantee, grant, ctx.clock.now(), countsAsSeat(before.permission));
    }
    const demotesAdmin = before.permission === PERMISSION_ADMIN && !before.invitePending && patch.permission !== undefined && !givesAdmin;
    if (demotesAdmin && (await countAdmins(tx, mission.id)) <= 1) throw lastAdmin();
    const changes = diffFields(before, update);
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(missionPeople)
      .set({ ...update, updatedAt: ctx.clock.now() })
      .where(and(eq(missionPeople.id, before.id), eq(missionPeople.missionId, access.mission.id)));
    record({ action: 'update', entity: 'mission.people', id: before.id, title: before.email, changes });
    // A pending person joins with what their invite says: it changes with their row, or accepting would undo the change.
    if (before.invitePending) {
      const { permission, isProjectManager, role } = update;
      // made an observer: no role is created for them on acceptance (rule 130)
      const noRole = permission !== undefined && !autoCreateRoleFor(permission) ? { autoCreateRole: false } : {};
      const invites = await tx
        .update(missionInvites)
        .set({ permission, isProjectManager, role, ...noRole, updatedAt: ctx.clock.now() })
        .where(openInvitesOf(mission.id, target))
        .returning({ id: missionInvites.id });
      for (const invite of invites) record({ action: 'update', entity: 'mission.invites', id: invite.id, title: before.email, changes });
    }
  });
  const updated = await loadTeamPerson(ctx.db, mission, personId);
  if (!updated) throw personNotFound();
  return presentMissionPerson(updated);
}

/**
 * `DELETE /mission/:id/people/:personId` (rules 101–102): organisation admins, mission admins and project
 * managers remove people, and anybody removes themselves; the last admin stays. An organisation admin is only
 * downgraded to an organisation observer (4, project-manager flag cleared). Pending invites of the person to the
 * mission are revoked with the removal.
 */
export async function removeMissionPerson(ctx: AppContext, access: MissionAccess, personId: string) {
  const { mission } = access;
  const actorMember = activeMemberOf(access);
  const effect = await runMissionCommand(ctx, mission.id, access.personId, async (tx, record) => {
    const target = await loadTeamPerson(tx, mission, personId);
    if (!target) throw personNotFound();
    const row = target.member;
    const targetIsAdmin = row.permission === PERMISSION_ADMIN && !row.invitePending;
    const check = removalCheck({
      actor: {
        isOrgAdmin: access.orgMember?.level === 'ADMIN',
        missionPermission: actorMember?.permission ?? null,
        isProjectManager: actorMember?.isProjectManager ?? false,
      },
      target: { personId, permission: row.permission, isOrgAdmin: target.orgMember?.level === 'ADMIN' },
      admins: targetIsAdmin ? await countAdmins(tx, mission.id) : Number.POSITIVE_INFINITY,
      self: personId === access.personId,
    });
    if (!check.ok) throw check.reason === 'forbidden' ? appError('forbidden') : lastAdmin();
    if (check.effect === 'downgrade') {
      await tx
        .update(missionPeople)
        .set({ ...REMOVED_ORG_ADMIN, invitePending: false, updatedAt: ctx.clock.now() })
        .where(and(eq(missionPeople.id, row.id), eq(missionPeople.missionId, access.mission.id)));
      record({
        action: 'update',
        entity: 'mission.people',
        id: row.id,
        title: row.email,
        changes: diffFields(row, { ...REMOVED_ORG_ADMIN, invitePending: false }),
      });
    } else {
      await tx.delete(missionPeople).where(and(eq(missionPeople.id, row.id), eq(missionPeople.missionId, access.mission.id)));
      record({ action: 'remove', entity: 'mission.people', id: row.id, title: row.email });
    }
    const revoked = await tx
      .update(missionInvites)
      .set({ status: 'revoked', updatedAt: ctx.clock.now() })
      .where(openInvitesOf(mission.id, target))
      .returning({ id: missionInvites.id, email: missionInvites.inviteeEmail });
    for (const invite of revoked) {
      record({
        action: 'update',
        entity: 'mission.invites',
        id: invite.id,
        title: invite.email,
        changes: { status: { from: 'pending', to: 'revoked' } },
      });
    }
    return check.effect;
  });
  await ctx.events.emit('mission.person.removed', { missionId: mission.id, personId, effect });
  return { effect };
}
