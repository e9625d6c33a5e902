/**
 * The colour of a dimension value in every chart: a value keeps its colour whatever else is on
 * screen, so Meta Ads is the same colour unfiltered, filtered to itself, in the donut and in the
 * stacked columns. Palette order would give it the colour of its rank, which changes with filters.
 */

/** Mantine's indigo, teal, yellow, red, violet, cyan, orange, pink, lime and blue (shade 6). */
export const CHART_COLORS = [
  '#4c6ef5',
  '#12b886',
  '#fab005',
  '#fa5252',
  '#7950f2',
  '#15aabf',
  '#fd7e14',
  '#e64980',
  '#82c91e',
  '#228be6',
] as const;

/** The channels of marketing performance, each a colour of its own (never shared by a hash). */
const CHANNEL_COLORS: ReadonlyMap<string, string> = new Map([
  ['Google Ads', '#4c6ef5'],
  ['Meta Ads', '#fab005'],
  ['Microsoft Ads', '#12b886'],
  ['Apple Ads', '#7950f2'],
]);

const HASHED: readonly string[] = CHART_COLORS.filter(
  (color) => ![...CHANNEL_COLORS.values()].includes(color),
);

/** FNV-1a over the value's UTF-16 code units: the same number for the same text, everywhere. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A value's own colour: its channel's, else one picked by its hash. */
export function valueColor(value: string): string {
  return CHANNEL_COLORS.get(value) ?? HASHED[hash(value) % HASHED.length] ?? CHART_COLORS[0];
}

/**
 * The colours of one chart's values, by value. Channels take theirs; when two other values of
 * the chart hash to the same colour, the one later in alphabetical order takes the next colour
 * still free (so the result depends on the values, not on their order on screen). Beyond the
 * palette, colours repeat.
 */
export function seriesColors(values: readonly string[]): Map<string, string> {
  const colors = new Map<string, string>();
  const used = new Set<string>();
  const unique = [...new Set(values)];
  for (const value of unique) {
    const color = CHANNEL_COLORS.get(value);
    if (color !== undefined) colors.set(value, color);
  }
  const others = unique
    .filter((value) => !CHANNEL_COLORS.has(value))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const value of others) {
    const own = valueColor(value);
    const start = HASHED.indexOf(own);
    // The palette from the value's own colour on, round to the start.
    const free = [...HASHED.slice(start), ...HASHED.slice(0, start)].find((c) => !used.has(c));
    const color = free ?? own;
    colors.set(value, color);
    used.add(color);
  }
  return colors;
}
