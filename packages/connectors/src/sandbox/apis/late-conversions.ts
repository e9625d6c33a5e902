// Late conversions: a provider keeps crediting conversions to the day of the click or view that
// led to them, so its numbers for recent days grow after they were first reported, and the
// connectors re-read a look-back window on every load. The sandbox's data are pure functions of
// their keys; this is the one piece of state on top of them: the conversions of some days raised
// by a factor, as a provider's restatement would, armed by a test with
// POST /_sandbox/late-conversions and cleared with DELETE, like the faults. The APIs without
// conversions restate what their provider revises: Search Console a day's clicks and impressions,
// GA4 its key events and revenue, the BigQuery export its purchases, Google Play a day's installs,
// Moosend the opens and clicks of the campaigns delivered that day.
import { z } from 'zod';

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

export const LateConversionsRequestSchema = z
  .object({
    from: IsoDay,
    to: IsoDay,
    /** The conversions of each day in [from, to] are multiplied by it (then rounded as usual). */
    factor: z.number().min(1).max(100),
  })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to' });
export type LateConversion = z.infer<typeof LateConversionsRequestSchema>;

export class LateConversions {
  private armed: LateConversion[] = [];

  add(restatement: LateConversion): void {
    this.armed.push(restatement);
  }

  clear(): void {
    this.armed = [];
  }

  /** What the conversions of `date` are multiplied by: 1 unless a restatement covers the day. */
  factor(date: string): number {
    let factor = 1;
    for (const r of this.armed) if (r.from <= date && date <= r.to) factor *= r.factor;
    return factor;
  }

  get size(): number {
    return this.armed.length;
  }
}
