// Reading the Data API's metric values: strings, integers or decimals in the property currency.

/** A decimal string ("1234.5", "-0.25", "1e-7") as integer micros, exactly when it has ≤ 6 decimals. */
export function decimalToMicros(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) {
    const number = Number(value);
    if (!Number.isFinite(number)) throw new RangeError(`Not a decimal: ${value}`);
    return Math.round(number * 1_000_000);
  }
  const [, sign, whole, fraction = ''] = match;
  const padded = `${fraction}000000`;
  // Round half up on the seventh decimal.
  const micros =
    Number(whole) * 1_000_000 + Number(padded.slice(0, 6)) + (Number(padded[6] ?? '0') >= 5 ? 1 : 0);
  return sign === '-' ? -micros : micros;
}

/** GA4's `date` dimension (YYYYMMDD) as an ISO date. */
export function ga4Date(value: string): string {
  if (!/^\d{8}$/.test(value)) throw new RangeError(`Not a GA4 date: ${value}`);
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}
