import { z } from 'zod/mini';
import { reportLimits } from './common';
import { ReportAccessResponseSchema } from './access';
import { FilterOptionsRequestSchema, ReportQueryRequestSchema } from './query';

// ---- Embedding a report in another site (DESIGN.md Reports; spec 002 §3 access_token) -------

/**
 * An embed token lives one hour: long enough to open the report and work with it, short enough
 * that a copied link soon stops working. A site embedding a report asks for a new one.
 */
export const EMBED_TOKEN_LIFETIME_SECONDS = 60 * 60;

export const EmbedErrorType = {
  /** The token is malformed, forged, expired, or its report no longer exists: 401. */
  invalidEmbedToken: 'invalid_embed_token',
} as const;
export type EmbedErrorType = (typeof EmbedErrorType)[keyof typeof EmbedErrorType];

/**
 * An embed token as it appears in a path: `payload.signature`, base64url. Checked loosely here
 * so that a malformed one is answered 401 invalid_embed_token like a forged one.
 */
export const EmbedTokenSchema = z.string().check(z.minLength(1), z.maxLength(512));
export const EmbedTokenParamsSchema = z.object({ token: EmbedTokenSchema });

/** POST /reports/{slug}/embed-token: a token for the report under the state on screen. */
export const EmbedTokenRequestSchema = z.object({
  organization_id: z.uuid(),
  /** The encoded ReportState to open the embedded report with; null for the report as saved. */
  state: z.nullable(z.string().check(z.maxLength(reportLimits.maxEncodedStateLength))),
});
export type EmbedTokenRequest = z.infer<typeof EmbedTokenRequestSchema>;

export const EmbedTokenResponseSchema = z.object({
  token: z.string(),
  /** When the token stops opening the report (ISO date-time). */
  expires_at: z.iso.datetime(),
  /** The SPA page that shows the report: `{APP_URL}/embed/{token}`, the iframe's src. */
  embed_url: z.string(),
});
export type EmbedTokenResponse = z.infer<typeof EmbedTokenResponseSchema>;

/**
 * GET /embed/{token}: the report as an embedded viewer sees it (read-only, access_level View,
 * its pages of visibility 1 left out, no source warnings), the state it opens with, and the
 * organization's currency.
 */
export const EmbedAccessResponseSchema = z.extend(ReportAccessResponseSchema, {
  state: z.nullable(z.string()),
  /**
   * The organization's currency (spec 002 §3 Organization currency_id, an ISO 4217 code): the
   * embedded report shows amounts in it, as the app's dashboard does. An embedded viewer has no
   * session to read the organization with.
   */
  currency_id: z.string(),
});
export type EmbedAccessResponse = z.infer<typeof EmbedAccessResponseSchema>;

/** POST /embed/{token}/query: one visual, as /reports/{slug}/query; the token names the report. */
export const EmbedQueryRequestSchema = z.omit(ReportQueryRequestSchema, {
  organization_id: true,
  report: true,
});
export type EmbedQueryRequest = z.infer<typeof EmbedQueryRequestSchema>;

/** GET /embed/{token}/filter-values: a list filter's values of the embedded report's dataset. */
export const EmbedFilterOptionsRequestSchema = z.omit(FilterOptionsRequestSchema, { organization_id: true });
export type EmbedFilterOptionsRequest = z.infer<typeof EmbedFilterOptionsRequestSchema>;

/** The code a site pastes to embed the report: an iframe of the embed page. */
export function embedSnippet(embedUrl: string, title: string): string {
  const escaped = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${embedUrl}" title="${escaped}" width="100%" height="800" style="border:0" allowfullscreen></iframe>`;
}
