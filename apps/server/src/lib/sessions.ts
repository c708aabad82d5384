import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { Principal } from '../plugins/types.ts';

export const SESSION_LIFETIME_S = 30 * 24 * 3600;
export const SESSION_REFRESH_AFTER_S = 24 * 3600;

/**
 * Resolves a bearer token into the caller with one indexed query. better-auth issues the token and
 * signs it (`token.signature`, HMAC-SHA256 with the server secret) as its bearer plugin expects; we
 * accept the same forms, check the signature, and extend the session once a day like better-auth does.
 */
export async function findPrincipal(pool: pg.Pool, secret: string, bearer: string): Promise<Principal | null> {
  const token = sessionTokenOf(secret, decodeURIComponent(bearer));
  if (!token) return null;
  const { rows } = await pool.query<{ session_id: string; expires_at: Date; person_id: string; email: string; email_verified: boolean }>(
    `select s.id as session_id, s.expires_at, p.id as person_id, p.email, p.email_verified
       from auth_sessions s join people p on p.id = s.user_id
      where s.token = $1 and s.expires_at > now()`,
    [token],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.expires_at.getTime() - SESSION_LIFETIME_S * 1000 + SESSION_REFRESH_AFTER_S * 1000 < Date.now()) {
    await pool.query(`update auth_sessions set expires_at = now() + make_interval(secs => $2), updated_at = now() where id = $1`, [
      row.session_id,
      SESSION_LIFETIME_S,
    ]);
  }
  return { personId: row.person_id, email: row.email, emailVerified: row.email_verified, sessionId: row.session_id, sessionToken: token };
}

function sessionTokenOf(secret: string, value: string): string | null {
  const dot = value.indexOf('.');
  if (dot === -1) return value.length >= 16 && value.length <= 200 ? value : null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Which of these sessions still exist and have not expired. */
export async function liveSessionIds(pool: pg.Pool, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const { rows } = await pool.query<{ id: string }>(`select id from auth_sessions where id = any($1) and expires_at > now()`, [sessionIds]);
  return new Set(rows.map((row) => row.id));
}
