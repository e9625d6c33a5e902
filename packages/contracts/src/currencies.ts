// The currencies an organization can show its money in (spec 001 §3 Currency: code, name,
// symbol): the euro and every currency the ECB publishes a daily reference rate for, since
// reports convert through those rates (decision 180).
export type Currency = { code: string; name: string; symbol: string };

export const CURRENCIES: readonly Currency[] = [
  { code: 'AUD', name: 'Australian dollar', symbol: 'A$' },
  { code: 'BRL', name: 'Brazilian real', symbol: 'R$' },
  { code: 'CAD', name: 'Canadian dollar', symbol: 'CA$' },
  { code: 'CHF', name: 'Swiss franc', symbol: 'CHF' },
  { code: 'CNY', name: 'Chinese yuan', symbol: 'CN¥' },
  { code: 'CZK', name: 'Czech koruna', symbol: 'Kč' },
  { code: 'DKK', name: 'Danish krone', symbol: 'kr.' },
  { code: 'EUR', name: 'Euro', symbol: '€' },
  { code: 'GBP', name: 'Pound sterling', symbol: '£' },
  { code: 'HKD', name: 'Hong Kong dollar', symbol: 'HK$' },
  { code: 'HUF', name: 'Hungarian forint', symbol: 'Ft' },
  { code: 'IDR', name: 'Indonesian rupiah', symbol: 'Rp' },
  { code: 'ILS', name: 'Israeli new shekel', symbol: '₪' },
  { code: 'INR', name: 'Indian rupee', symbol: '₹' },
  { code: 'ISK', name: 'Icelandic króna', symbol: 'kr' },
  { code: 'JPY', name: 'Japanese yen', symbol: '¥' },
  { code: 'KRW', name: 'South Korean won', symbol: '₩' },
  { code: 'MXN', name: 'Mexican peso', symbol: 'MX$' },
  { code: 'MYR', name: 'Malaysian ringgit', symbol: 'RM' },
  { code: 'NOK', name: 'Norwegian krone', symbol: 'kr' },
  { code: 'NZD', name: 'New Zealand dollar', symbol: 'NZ$' },
  { code: 'PHP', name: 'Philippine peso', symbol: '₱' },
  { code: 'PLN', name: 'Polish złoty', symbol: 'zł' },
  { code: 'RON', name: 'Romanian leu', symbol: 'lei' },
  { code: 'SEK', name: 'Swedish krona', symbol: 'kr' },
  { code: 'SGD', name: 'Singapore dollar', symbol: 'S$' },
  { code: 'THB', name: 'Thai baht', symbol: '฿' },
  { code: 'TRY', name: 'Turkish lira', symbol: '₺' },
  { code: 'USD', name: 'US dollar', symbol: '$' },
  { code: 'ZAR', name: 'South African rand', symbol: 'R' },
];

/** ISO 4217 currencies whose minor unit is not the hundredth (decision 380). */
const MINOR_UNIT_DIGITS: readonly { digits: number; currencies: readonly string[] }[] = [
  {
    digits: 0,
    currencies: [
      'BIF',
      'CLP',
      'DJF',
      'GNF',
      'ISK',
      'JPY',
      'KMF',
      'KRW',
      'PYG',
      'RWF',
      'UGX',
      'UYI',
      'VND',
      'VUV',
      'XAF',
      'XOF',
      'XPF',
    ],
  },
  { digits: 3, currencies: ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'] },
  { digits: 4, currencies: ['CLF', 'UYW'] },
];

/** The number of decimals of a currency's minor unit (2 unless ISO 4217 says otherwise: JPY 0, BHD 3). */
export function currencyDigits(code: string): number {
  return MINOR_UNIT_DIGITS.find((e) => e.currencies.includes(code))?.digits ?? 2;
}

/** The currencies whose minor unit is not the hundredth, by their number of decimals. */
export const currencyDigitExceptions = MINOR_UNIT_DIGITS;
