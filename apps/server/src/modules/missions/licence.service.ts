import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { lockMission, runMissionCommand } from '../../commands/index.ts';
import { licenceCodes, missions } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';

export type LicenceKind = 'key' | 'promo';

/** The refusal of a code of each kind that is not valid (or already used). */
const INVALID_CODE = { key: 'licenceKeyInvalid', promo: 'promoCodeInvalid' } as const;

/** Codes are compared without case or surrounding spaces. */
const normalise = (code: string) => code.trim().toUpperCase();
export const hashCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A readable random code: a prefix and four groups of four characters (no 0/O, 1/I). */
function newCode(kind: LicenceKind): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${kind === 'key' ? 'KEY' : 'PROMO'}-${chars.match(/.{4}/g)!.join('-')}`;
}

/**
 * Issues `count` licence keys or promo codes and returns them in clear, the only time they are seen: only their
 * SHA-256 is stored. Each redeems once, before `expiresAt` when given.
 */
export async function issueLicenceCodes(
  ctx: Pick<AppContext, 'db'>,
  kind: LicenceKind,
  count: number,
  options: { note?: string; expiresAt?: Date | null } = {},
): Promise<string[]> {
  if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new RangeError('count must be 1 to 10000');
  const codes = Array.from({ length: count }, () => newCode(kind));
  await ctx.db
    .insert(licenceCodes)
    .values(codes.map((code) => ({ kind, codeHash: hashCode(code), note: options.note ?? '', expiresAt: options.expiresAt ?? null })));
  return codes;
}

/**
 * Redeems a licence key (`POST /mission/:id/license`) or a promo code (`PUT /mission/:id/promo/apply`): an issued,
 * unused, unexpired code of that kind licenses the mission (no free-slot limit); the code is then used up.
 * A licence key is activated by organisation managers and admins, on a personal project by its owner (rule 113).
 */
export async function redeemLicenceCode(ctx: AppContext, access: MissionAccess, kind: LicenceKind, code: string) {
  return runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const mission = await lockMission(tx, access.mission.id);
    if (mission.isLicensedActive) throw appError('licenceAlreadyActive');
    const [row] = await tx
      .select()
      .from(licenceCodes)
      .where(and(eq(licenceCodes.codeHash, hashCode(code)), eq(licenceCodes.kind, kind)))
      .for('update');
    const usable = row && !row.redeemedAt && (!row.expiresAt || row.expiresAt.getTime() > ctx.clock.now().getTime());
    if (!usable) throw appError(INVALID_CODE[kind]);
    await tx
      .update(licenceCodes)
      .set({ redeemedAt: ctx.clock.now(), redeemedBy: access.personId, redeemedMissionId: mission!.id })
      .where(eq(licenceCodes.id, row.id));
    await tx.update(missions).set({ isLicensedActive: true, licensedBy: kind }).where(eq(missions.id, mission!.id));
    record({
      action: 'update',
      entity: 'licences',
      id: row.id,
      title: kind === 'key' ? 'License key' : 'Promo code',
      changes: { isLicensedActive: { from: false, to: true }, licensedBy: { from: mission!.licensedBy, to: kind } },
    });
    return { _id: mission!.id, isLicensedActive: true, licensedBy: kind };
  });
}
