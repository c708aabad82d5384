/** Why the kanban columns cannot be saved, or null: at least one, each named, names unique. */
export function columnsProblem(cols: { name: string }[]): string | null {
  if (cols.length === 0) return 'A board needs at least one column.';
  if (cols.some((col) => !col.name.trim())) return 'Every column needs a name.';
  const names = cols.map((col) => col.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) return 'Two columns have the same name.';
  return null;
}

/** An id for a new column not used by the others ('col-1', 'col-2', …). */
export function newColumnId(cols: { id: string }[]): string {
  const taken = new Set(cols.map((col) => col.id));
  let n = cols.length + 1;
  while (taken.has(`col-${n}`)) n += 1;
  return `col-${n}`;
}
