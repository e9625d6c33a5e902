// Money in the canonical model: `*_micros` (integers in millionths of the currency, as the
// connectors load them) are the exact amounts to add up; `*_minor` are the same amounts in the
// currency's minor unit (cents, or yen), rounded half away from zero with integer arithmetic.
import { currencyDigitExceptions, currencyDigits } from '@maya/contracts';
import { intDiv, literal, type SqlDialect } from './dialect';

const EXPONENTS = currencyDigitExceptions.map((e) => ({ exponent: e.digits, currencies: e.currencies }));

const DEFAULT_EXPONENT = 2;
const MICROS_EXPONENT = 6;

/** The number of decimals of a currency's minor unit (2 unless ISO 4217 says otherwise). */
export function currencyExponent(currency: string): number {
  return currencyDigits(currency);
}

/**
 * An integer amount of micros in minor units, exactly: micros / 10^(6 - exponent), rounded half
 * away from zero on integers (never through a double). NULL stays NULL.
 */
export function minorUnitsSql(dialect: SqlDialect, micros: string, currency: string): string {
  const rounded = (exponent: number): string => {
    const divisor = 10 ** (MICROS_EXPONENT - exponent);
    const half = divisor / 2;
    return `CASE WHEN ${micros} < 0 THEN -(${intDiv(dialect, `-(${micros}) + ${half}`, String(divisor))}) ELSE ${intDiv(dialect, `${micros} + ${half}`, String(divisor))} END`;
  };
  const branches = EXPONENTS.map(
    (e) => `WHEN ${currency} IN (${e.currencies.map(literal).join(', ')}) THEN ${rounded(e.exponent)}`,
  );
  return `CASE ${branches.join(' ')} ELSE ${rounded(DEFAULT_EXPONENT)} END`;
}

/**
 * A provider's decimal amount (Google's and Microsoft's `conversions_value`, a double holding a
 * decimal of the account currency) in micros: rounded once, from the value as loaded.
 */
export function decimalToMicrosSql(amount: string): string {
  return `ROUND(${amount} * 1000000)`;
}
