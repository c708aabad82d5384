/** Numbers with commas have commas stripped; non-numeric values become 0 (spec rule 163). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;
  const parsed = Number(value.replaceAll(',', '').trim());
  return value.trim() !== '' && Number.isFinite(parsed) ? parsed : 0;
}
