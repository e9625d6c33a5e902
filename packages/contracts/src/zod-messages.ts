import { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The schemas are written with zod/mini (a third of classic zod's size in the browser), which
 * carries no messages of its own: a rule without one here (a name over 100 characters, say) would
 * read 'Invalid input'. This loads zod's English messages, so that the server's 422 answers and
 * the web forms say the same. Each app calls it once at start, before anything validates.
 */
export function loadZodMessages(): void {
  // As classic zod does: a language chosen before stays.
  if (z.config().localeError === undefined) z.config(en());
}
