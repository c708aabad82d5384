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

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'Please sign in.') => new AppError(401, 'auth/unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const tooManyRequests = (message: string) => new AppError(429, 'too_many_requests', message);
