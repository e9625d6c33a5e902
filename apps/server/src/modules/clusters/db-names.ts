/**
 * The warehouse column name of a new cluster column (decision 274): `cluster_` and the name in
 * lower-case ASCII words joined by underscores (accents dropped; a name without such letters
 * gives `cluster_column`), at most 48 characters, numbered when the category has it already.
 * The prefix keeps it apart from every model column; it stays when the column is renamed, so
 * reports and bookmarks that group or filter by it keep working.
 */
export function freeDbName(name: string, taken: ReadonlySet<string>): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  const stem = `cluster_${words || 'column'}`;
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n += 1) {
    const candidate = `${stem}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
