import { ApiError } from './api-error.ts';

/** The server's sentence per field of a refused request (`fields` of a 400), empty for any other failure. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The sentence to show next to one field (the first of the keys the field answers for), if the server named it. */
export function fieldError(error: unknown, ...keys: string[]): string | undefined {
  const fields = fieldErrors(error);
  for (const key of keys) if (fields[key]) return fields[key];
  return undefined;
}

/**
 * The message to show above or under the form: nothing when every refused field already shows its own sentence
 * next to it, the server's message otherwise.
 */
export function formMessage(error: unknown, shownFields: readonly string[]): string | null {
  if (!error) return null;
  const fields = Object.keys(fieldErrors(error));
  if (fields.length > 0 && fields.every((key) => shownFields.includes(key))) return null;
  return error instanceof Error ? error.message : String(error);
}
