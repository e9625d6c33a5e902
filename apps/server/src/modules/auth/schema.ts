import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../users/schema';

/**
 * Refresh sessions. Each refresh rotates the token inside its family; presenting a token that
 * was already rotated (outside a short grace window) revokes the whole family (reuse detection).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    /** When the family's sign-in happened: carried through rotations, the absolute lifetime's start. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser the session was started in (hash of its `maya_browser` cookie): a known browser. */
    browserHash: text('browser_hash'),
  },
  (t) => [index('sessions_user').on(t.userId, t.browserHash), index('sessions_family').on(t.familyId)],
);

/** One-time links sent by e-mail: stored hashed, single use, expiring. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'merge_accounts'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    /** For merges: the sign-in method being added (maya = a password). */
    provider: text('provider', { enum: ['maya', 'google', 'microsoft'] }),
    /** For a Google or Microsoft merge: the one waiting identity this link may add, and no other. */
    pendingIdentityId: uuid('pending_identity_id').references(() => pendingIdentities.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_email').on(t.email, t.purpose)],
);

/** The state of a provider sign-in between the redirect out and the return (PKCE, nonce). */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider', { enum: ['google', 'microsoft'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  isMona: boolean('is_mona').notNull().default(false),
  /** With is_mona: the marketplace landing-page token, handed back with the code's identity. */
  marketplaceToken: text('marketplace_token'),
  /** Hash of the `maya_browser` cookie of the browser that started the sign-in (login CSRF). */
  browserHash: text('browser_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A verified provider identity waiting to be merged into an existing account of the same e-mail
 * (spec 000 §2 Account merge): recorded when sign-in answers merge_required, linked only when
 * the owner of the e-mail follows the emailed link.
 */
export const pendingIdentities = pgTable(
  'pending_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    provider: text('provider', { enum: ['google', 'microsoft'] }).notNull(),
    subject: text('subject').notNull(),
    /** What the owner is shown before confirming: the provider account's name and whether it vouches. */
    name: text('name').notNull().default(''),
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * The browser that signed in with it (hash of its `maya_browser` cookie): a merge mail asked
     * for in that browser names this identity, never one someone else signed in with.
     */
    browserHash: text('browser_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // One row per identity: a second sign-in attempt never overwrites the identity a link names.
  (t) => [unique('pending_identities_email_provider_subject').on(t.email, t.provider, t.subject)],
);
