// The render token: what the server's own Chromium opens the internal render page with
// (`/render#{token}`) to draw one report page as PNG or PDF. `payload.signature`, both base64url:
// the payload is JSON naming one organization, one report, one page, the view's state and an
// expiry a few minutes ahead; the signature is HMAC-SHA256 of the payload's text with a key derived
// for this purpose alone (an embed token's key signs nothing here). It is never stored and never
// shown to a person: it lives as long as one render.
import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 1;
const SIGNATURE_BYTES = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The purpose the signing key is derived for (Secrets.derive). */
export const RENDER_TOKEN_KEY_PURPOSE = 'report-render-token-v1';
/** How long a render token opens its page: the render's time and a margin, nothing more. */
export const RENDER_TOKEN_TTL_MS = 5 * 60_000;

export type RenderClaims = {
  organizationId: string;
  /** The report's slug: the token opens no other. */
  report: string;
  /** The page drawn: the token's queries are this page's visuals only. */
  page: string;
  /** The encoded ReportState drawn; null for the report as saved. */
  state: string | null;
  /** The organization is a demo one (its demo-only reports are found there). */
  demo: boolean;
  /** Milliseconds since the epoch after which the token opens nothing. */
  expiresAt: number;
};

type Payload = { v: number; o: string; r: string; p: string; s: string | null; d: boolean; e: number };

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest();

export function signRenderToken(key: string, claims: RenderClaims): string {
  if (!UUID.test(claims.organizationId)) throw new Error(`not an organization id: ${claims.organizationId}`);
  const payload: Payload = {
    v: VERSION,
    o: claims.organizationId,
    r: claims.report,
    p: claims.page,
    s: claims.state,
    d: claims.demo,
    e: claims.expiresAt,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(key, encoded).toString('base64url')}`;
}

function claimsOf(json: unknown): RenderClaims | null {
  if (json === null || typeof json !== 'object') return null;
  const { v, o, r, p, s, d, e } = json as Partial<Payload>;
  if (v !== VERSION || typeof o !== 'string' || !UUID.test(o)) return null;
  if (typeof r !== 'string' || typeof p !== 'string' || typeof d !== 'boolean') return null;
  if (!(s === null || typeof s === 'string') || typeof e !== 'number' || !Number.isFinite(e)) return null;
  return { organizationId: o, report: r, page: p, state: s, demo: d, expiresAt: e };
}

/**
 * The token's claims when its signature holds and it has not expired at `now`; null for anything
 * else (malformed, forged, signed with another key, expired).
 */
export function verifyRenderToken(key: string, token: string, now: Date): RenderClaims | null {
  const [encoded, signature, ...rest] = token.split('.');
  if (encoded === undefined || signature === undefined || rest.length > 0) return null;
  if (!BASE64URL.test(encoded) || !BASE64URL.test(signature)) return null;
  const given = Buffer.from(signature, 'base64url');
  // Node decodes base64url leniently: only the canonical spelling of the signature is accepted.
  if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signature) return null;
  if (!timingSafeEqual(given, sign(key, encoded))) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claims = claimsOf(json);
  if (claims === null || claims.expiresAt <= now.getTime()) return null;
  return claims;
}
