// Apple writes money as `{amount: "12.34", currency}`; the warehouse keeps integer micros. Parsed
// digit by digit so that no float ever rounds a cent.

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal amount string as integer micros (1.5 → 1_500_000), exactly; beyond 6 decimals rounds half up. */
export function amountToMicros(amount: string): number {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${amount}`);
  const [, sign, whole = '0', fraction = ''] = match;
  let micros = Number(whole) * 1_000_000 + Number(fraction.slice(0, 6).padEnd(6, '0'));
  if (fraction.length > 6 && Number(fraction[6]) >= 5) micros += 1;
  if (!Number.isSafeInteger(micros)) throw new RangeError(`Amount out of range: ${amount}`);
  return sign === '-' ? -micros : micros;
}
