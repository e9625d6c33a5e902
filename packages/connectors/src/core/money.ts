// Money as the warehouse keeps it: integers in millionths of the currency (`*_micros`), read from
// the decimal strings providers write ("12.34", "-0.5", "1,234.56", "1e-7") digit by digit, so that
// no binary float ever rounds a cent and sums reconcile exactly.

const MICROS_DIGITS = 6;
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const SCIENTIFIC = /^(-?)(\d+)(?:\.(\d+))?[eE]([+-]?\d+)$/;
/** Beyond this many powers of ten no amount is a safe integer of micros. */
const MAX_EXPONENT = 30;

/**
 * A plain decimal string as integer micros (1.5 → 1_500_000), exactly; digits beyond the sixth
 * decimal round half up (away from zero). Anything else (exponents, separators, blanks) and
 * amounts beyond 2^53 micros throw a RangeError.
 */
export function decimalToMicros(text: string): number {
  const match = PLAIN_DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  let micros =
    Number(whole) * 1_000_000 + Number(fraction.slice(0, MICROS_DIGITS).padEnd(MICROS_DIGITS, '0'));
  if (fraction.length > MICROS_DIGITS && Number(fraction[MICROS_DIGITS]) >= 5) micros += 1;
  if (!Number.isSafeInteger(micros)) throw new RangeError(`Amount out of range: ${text}`);
  return sign === '-' && micros !== 0 ? -micros : micros;
}

/**
 * A double written as a string, as JSON APIs send them (GA4's metric values): a plain decimal or
 * scientific notation ("1e-6", "2.5E+3"), exactly as written, in micros.
 */
export function doubleToMicros(text: string): number {
  const match = SCIENTIFIC.exec(text.trim());
  if (!match) return decimalToMicros(text);
  const [, sign = '', whole = '0', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  if (exponent > MAX_EXPONENT) throw new RangeError(`Amount out of range: ${text}`);
  if (exponent < -(MAX_EXPONENT + whole.length)) return 0;
  // Move the decimal point `exponent` places: the digits stay as written.
  const digits = whole + fraction;
  const point = whole.length + exponent;
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return decimalToMicros(sign + plain);
}
