/** A failed product API call, unwrapped from `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Builds the ApiError of a response body, whatever shape the body has. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = body && typeof body === 'object' && 'error' in body ? (body as { error: unknown }).error : body;
  if (error && typeof error === 'object') {
    const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
    return new ApiError(
      status,
      typeof code === 'string' ? code : `http/${status}`,
      typeof message === 'string' ? message : `Request failed (${status})`,
      fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : undefined,
    );
  }
  return new ApiError(status, `http/${status}`, typeof error === 'string' && error ? error : `Request failed (${status})`);
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/**
 * Accepting an invite was refused because my email is not verified (rule 137): wherever the invite is answered, My
 * Space then opens on its email tab to verify it.
 */
export const isEmailNotVerified = (error: unknown): boolean => isApiError(error, 'auth/email-not-verified');

/** The parameters that open My Space on its email tab, where the email is verified. */
export const VERIFY_EMAIL_PARAMS = { myspace: 'email' } as const;
