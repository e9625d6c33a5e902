import type { z } from 'zod';
import type { CountrySchema } from '@maya/contracts';

type Country = z.infer<typeof CountrySchema>;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Region codes Intl names that are not countries an invoice can name. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA']);

let cached: Country[] | null = null;

/** The countries billing details offer (GET /billing/countries), named in English, by name. */
export function countries(): Country[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const found: Country[] = [];
  for (const first of LETTERS)
    for (const second of LETTERS) {
      const code = `${first}${second}`;
      const name = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (name !== undefined && name !== code) found.push({ code: code.toLowerCase(), name });
    }
  cached = found.sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}
