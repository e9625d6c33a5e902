import { currencyDigits } from '@maya/contracts';

const LOCALE = 'en-US';

/**
 * An amount in minor units of its currency as people read it: "$1,234.56", "¥1,500", in the
 * currency's own decimals (ISO 4217: yen none, dinar three); the code after the number when Intl
 * does not know it.
 */
export function formatMinor(amount: number, currency: string | null): string {
  const code = currency ?? '';
  const digits = code === '' ? 2 : currencyDigits(code);
  const major = amount / 10 ** digits;
  const fixed = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  try {
    if (code !== '') {
      return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code, ...fixed }).format(major);
    }
  } catch {
    // Unknown code: the number and the code.
  }
  const number = new Intl.NumberFormat(LOCALE, fixed).format(major);
  return code === '' ? number : `${number} ${code}`;
}
