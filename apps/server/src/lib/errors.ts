import { errorOf, type ErrorArgs, type ErrorName } from '@crewplan/domain';

/** A known failure with a stable code and the text the person sees; 5xx details never reach the client. */
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

/** A catalogue failure told in other words (the route's own refusal text). */
function withText(name: ErrorName, message: string | undefined): AppError {
  const error = appError(name as 'forbidden');
  return message === undefined ? error : new AppError(error.statusCode, error.code, message, error.fields);
}

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorized = (message?: string) => withText('unauthenticated', message);
export const forbidden = (message?: string) => withText('forbidden', message);
export const notFound = (message?: string) => withText('notFound', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const tooManyRequests = (message: string) => new AppError(429, 'too_many_requests', message);
