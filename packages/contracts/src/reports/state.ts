import { z } from 'zod/mini';
import { KeySchema, ReportErrorType, duplicate, reportLimits } from './common';
import { AdHocVisualSchema, SortsSchema } from './document';
import { FiltersSchema, ReportFilterSchema } from './filters';

// ---- The report state a bookmark encodes ---------------------------------------------------

export const REPORT_STATE_VERSION = 1;

export const ReportStateSchema = z
  .object({
    version: z.literal(REPORT_STATE_VERSION),
    /** The active page's name. */
    page: KeySchema,
    /** Report and page filters as the user set them, replacing the document's of the same id. */
    filters: FiltersSchema,
    /** Each slicer's selection. */
    slicers: z.array(z.object({ visual_id: KeySchema, filter: ReportFilterSchema })).check(z.maxLength(50)),
    /** Sort chosen on a visual (a table header click). */
    sort: z.array(z.object({ visual_id: KeySchema, sort: SortsSchema })).check(z.maxLength(50)),
    /**
     * A visual shown above the page's own, on `page` only, under that page's filters (decision
     * 250); its id is none of the document's. Absent in states saved before it existed.
     */
    adhoc: z.optional(z.object({ page: KeySchema, visual: AdHocVisualSchema })),
  })
  .check(
    z.superRefine((state, ctx) => {
      const repeated =
        duplicate(state.filters.map((f) => f.id)) ??
        duplicate(state.slicers.map((s) => s.visual_id)) ??
        duplicate(state.sort.map((s) => s.visual_id));
      if (repeated !== null) ctx.addIssue({ code: 'custom', message: `${repeated} is given twice` });
    }),
  );
export type ReportState = z.infer<typeof ReportStateSchema>;

export class ReportStateError extends Error {
  override readonly name = 'ReportStateError';
  readonly type = ReportErrorType.invalidState;
}

/** The state as a bookmark stores it: base64url of its JSON (validated first). */
export function encodeReportState(state: ReportState): string {
  const parsed = ReportStateSchema.safeParse(state);
  if (!parsed.success) throw new ReportStateError(`invalid report state: ${parsed.error.message}`);
  const bytes = new TextEncoder().encode(JSON.stringify(parsed.data));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes and validates a bookmark's state; anything else is a `ReportStateError`. */
export function decodeReportState(encoded: string): ReportState {
  if (encoded.length > reportLimits.maxEncodedStateLength || !/^[A-Za-z0-9_-]*$/.test(encoded)) {
    throw new ReportStateError('the report state is not base64url text of an accepted length');
  }
  let json: unknown;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ReportStateError('the report state is not encoded JSON');
  }
  const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : null;
  if (version !== REPORT_STATE_VERSION) {
    throw new ReportStateError(`unsupported report state version ${JSON.stringify(version ?? null)}`);
  }
  const parsed = ReportStateSchema.safeParse(json);
  if (!parsed.success) throw new ReportStateError(`invalid report state: ${parsed.error.message}`);
  return parsed.data;
}
