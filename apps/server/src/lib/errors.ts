import { errorOf, type ErrorArgs, type ErrorName } from '@crewplan/domain';

/**
 * A known failure with a stable code and the text the person sees; 5xx details never reach the client. Raised only
 * through `appError` (the domain's catalogue, `ERRORS`), so that every failure the API answers is listed there once.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A failure of the domain's error catalogue (`ERRORS`): its code, status and exact text. */
export function appError<N extends ErrorName>(name: N, ...args: ErrorArgs<N>): AppError {
  const { status, code, message, fields } = errorOf(name, ...args);
  return new AppError(status, code, message, fields ? { ...fields } : undefined);
}

/** The same failure, its text pointing at `field` of the request (a row of a week, say). */
export const atField = (error: AppError, field: string) =>
  new AppError(error.statusCode, error.code, error.message, { [field]: error.message });

/** The same failure within item `index` of a bulk call: each field it names becomes `items.<index>.<field>`. */
export const atItem = (error: AppError, index: number) =>
  new AppError(
    error.statusCode,
    error.code,
    error.message,
    error.fields && Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [`items.${index}.${field}`, text])),
  );
