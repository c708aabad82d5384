/** A refused save of the week, told in words: which row and day, and why; the grid marks that row (and day). */
export type Refusal = { text: string; rowKey?: string; day?: number };

type SentRow = { key: string; title: string; missionTitle: string };

/**
 * The server names what it refuses by path: `rows.2.planItemId`, `rows.0.dailyHours.3`, or `dailyHours.3` for a
 * day of the whole week. Here that becomes "Designer (Harbour cabins), Thu 26 Nov: A day holds at most 24 hours",
 * using the rows in the order they were sent.
 */
export function refusalInWords(
  error: { message: string; fields?: Record<string, unknown> | undefined },
  sent: readonly SentRow[],
  days: readonly { long: string }[],
): Refusal {
  const [path, reason] = Object.entries(error.fields ?? {})[0] ?? [];
  if (!path) return { text: error.message };
  const text = typeof reason === 'string' && reason ? reason : error.message;
  const match = /^(?:rows\.(\d+)\.)?(?:\w+)(?:\.(\d+))?/.exec(path);
  const row = match?.[1] === undefined ? undefined : sent[Number(match[1])];
  const day = match?.[2] === undefined || !path.includes('dailyHours') ? undefined : Number(match[2]);
  const where = [row && `${row.title} (${row.missionTitle})`, day !== undefined && days[day]?.long].filter(Boolean).join(', ');
  return {
    text: where ? `${where}: ${text}` : text,
    ...(row ? { rowKey: row.key } : {}),
    ...(day !== undefined ? { day } : {}),
  };
}
