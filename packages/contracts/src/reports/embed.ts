import { z } from 'zod/mini';
import { ReportAccessResponseSchema } from './access';
import { KeySchema, ReportSlugSchema, reportLimits } from './common';
import type { ReportFilter } from './filters';
import { FilterOptionsRequestSchema, ReportQueryRequestSchema } from './query';

// ---- Embedding a report in another site (DESIGN.md Reports; spec 002 §3 access_token) -------

export const EmbedErrorType = {
  /** The token is malformed, forged, revoked, expired, or its report no longer exists: 401. */
  invalidEmbedToken: 'invalid_embed_token',
  /**
   * A query or a filter's values outside what the embed grant allows: a filter of the embedded
   * view dropped or changed, or (unless the grant lets viewers filter) one added: 403.
   */
  filterNotAllowed: 'embed_filter_not_allowed',
  /** No such embed grant of this report in the organization (listing and revoking): 404. */
  notFound: 'embed_not_found',
  /** An expiry that is not after the moment the grant is made: 422. */
  invalidExpiry: 'invalid_embed_expiry',
} as const;
export type EmbedErrorType = (typeof EmbedErrorType)[keyof typeof EmbedErrorType];

/**
 * A filter the embedded view leaves open: a list filter without values filters nothing, so a
 * viewer of a grant that allows filtering may set it (every other filter of the view is fixed).
 * The server and the embedded dashboard decide with this one rule.
 */
export function embedFilterIsOpen(filter: ReportFilter): boolean {
  return filter.kind === 'list' && filter.values.length === 0;
}

/**
 * An embed token as it appears in a path: `payload.signature`, base64url. Checked loosely here
 * so that a malformed one is answered 401 invalid_embed_token like a forged one.
 */
export const EmbedTokenSchema = z.string().check(z.minLength(1), z.maxLength(512));
export const EmbedTokenParamsSchema = z.object({ token: EmbedTokenSchema });

/** An instant of an embed grant (ISO date-time, `Z` or an offset). */
const InstantSchema = z.iso.datetime({ offset: true });

/** POST /reports/{slug}/embed-token: a grant of the report under the state on screen, and its token. */
export const EmbedTokenRequestSchema = z.object({
  organization_id: z.uuid(),
  /** The encoded ReportState to open the embedded report with; null for the report as saved. */
  state: z.nullable(z.string().check(z.maxLength(reportLimits.maxEncodedStateLength))),
  /** When the token stops opening the report; absent or null: it does not expire. */
  expires_at: z._default(z.nullable(InstantSchema), null),
  /**
   * Whether viewers may narrow the view with the filters it leaves open (`embedFilterIsOpen`)
   * and a date range; absent: no, they see the view as it is.
   */
  allow_filtering: z._default(z.boolean(), false),
});
export type EmbedTokenRequest = z.input<typeof EmbedTokenRequestSchema>;

export const EmbedTokenResponseSchema = z.object({
  /** The grant the token names (listed and revoked by it). */
  id: z.uuid(),
  token: z.string(),
  /** When the token stops opening the report (ISO date-time); null: never. */
  expires_at: z.nullable(z.iso.datetime()),
  /** The SPA page that shows the report: `{APP_URL}/embed/{token}`, the iframe's src. */
  embed_url: z.string(),
});
export type EmbedTokenResponse = z.infer<typeof EmbedTokenResponseSchema>;

/** An expired grant is still listed (until revoked) so that its creator sees why a link stopped. */
export const EmbedGrantStatusSchema = z.enum(['active', 'expired']);
export type EmbedGrantStatus = z.infer<typeof EmbedGrantStatusSchema>;

/** A grant of GET /reports/{slug}/embeds: who made it, for which view, how long, last opened. */
export const EmbedGrantSchema = z.object({
  id: z.uuid(),
  report_slug: ReportSlugSchema,
  /** The encoded ReportState the embedded report opens with and keeps to; null: as saved. */
  state: z.nullable(z.string()),
  allow_filtering: z.boolean(),
  created_at: z.iso.datetime(),
  /** Null once the member who made it no longer has an account. */
  created_by: z.nullable(z.object({ id: z.uuid(), email: z.string(), name: z.nullable(z.string()) })),
  expires_at: z.nullable(z.iso.datetime()),
  /** When its embedded report was last opened (to the minute); null: never. */
  last_used_at: z.nullable(z.iso.datetime()),
  status: EmbedGrantStatusSchema,
  /** The grant's embed page again (`{APP_URL}/embed/{token}`), so that its code can be copied. */
  embed_url: z.string(),
});
export type EmbedGrant = z.infer<typeof EmbedGrantSchema>;

/** GET /reports/{slug}/embeds: the report's grants not revoked, newest first. */
export const EmbedGrantListResponseSchema = z.object({ embeds: z.array(EmbedGrantSchema) });
export type EmbedGrantListResponse = z.infer<typeof EmbedGrantListResponseSchema>;

/** DELETE /reports/{slug}/embeds/{embed_id}: revokes the grant. */
export const EmbedGrantParamsSchema = z.object({ slug: ReportSlugSchema, embed_id: z.uuid() });

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
  /**
   * Whether the viewer may narrow the view (the filters it leaves open, `embedFilterIsOpen`);
   * without, the view is shown as it is and its filters cannot be changed.
   */
  allow_filtering: z.boolean(),
});
export type EmbedAccessResponse = z.infer<typeof EmbedAccessResponseSchema>;

/** POST /embed/{token}/query: one visual, as /reports/{slug}/query; the token names the report. */
export const EmbedQueryRequestSchema = z.omit(ReportQueryRequestSchema, {
  organization_id: true,
  report: true,
  // An embedded view's ad-hoc visual is its grant's, never one the embedding site sends.
  visual: true,
  // Nor an editor's draft: embedded views show saved reports.
  draft: true,
});
export type EmbedQueryRequest = z.infer<typeof EmbedQueryRequestSchema>;

/**
 * GET /embed/{token}/filter-values: a list filter's values of the embedded report's dataset,
 * among the rows the embedded view shows on `page` (absent: the page it opens on).
 */
export const EmbedFilterOptionsRequestSchema = z.extend(
  z.omit(FilterOptionsRequestSchema, { organization_id: true }),
  { page: z.optional(KeySchema) },
);
export type EmbedFilterOptionsRequest = z.infer<typeof EmbedFilterOptionsRequestSchema>;

/** The code a site pastes to embed the report: an iframe of the embed page. */
export function embedSnippet(embedUrl: string, title: string): string {
  const escaped = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${embedUrl}" title="${escaped}" width="100%" height="800" style="border:0" allowfullscreen></iframe>`;
}
