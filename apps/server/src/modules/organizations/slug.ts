/**
 * An organization's address: lower case, non-word characters removed, spaces and dashes collapsed
 * to one dash (the spec's slug rule for report names, 002 §5), then numbered if taken.
 */
const RESERVED = new Set(['0', 'new', 'demo', 'admin', 'api', 'settings']);

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
}

export function* slugCandidates(name: string): Generator<string> {
  const base = slugify(name) || 'organization';
  if (!RESERVED.has(base)) yield base;
  for (let n = 2; n <= 50; n++) yield `${base}-${n}`;
  for (let n = 0; n < 5; n++) yield `${base}-${Math.random().toString(36).slice(2, 8)}`;
}
