import { appError } from '../lib/errors.ts';

export const staleEdit = () => appError('staleEdit');

/** Refuses an update made from a stale copy: `updatedAt` as the client last read it must match. */
export function checkFresh(current: { updatedAt: Date }, given: string | undefined): void {
  if (given !== undefined && new Date(given).getTime() !== current.updatedAt.getTime()) throw staleEdit();
}

/** PostgreSQL's unique_violation, turned into a 409 with our code and text. */
export function isUniqueViolation(error: unknown): boolean {
  const pgError = (error as { code?: string; cause?: { code?: string } }) ?? {};
  return pgError.code === '23505' || pgError.cause?.code === '23505';
}
