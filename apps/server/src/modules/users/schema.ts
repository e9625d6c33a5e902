import { boolean, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** A person who signs in (spec 000 §3 User). E-mails are stored lower-case. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** argon2id; null for accounts that sign in only with Google or Microsoft. */
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  companyPosition: text('company_position').notNull().default(''),
  howFound: text('how_found').notNull().default(''),
  isEmailVerified: boolean('is_email_verified').notNull().default(false),
  isStaff: boolean('is_staff').notNull().default(false),
  /**
   * Until the address is proven: the hash of the browser that signed up. Verifying from that
   * browser keeps the credentials chosen at sign-up; from any other, they are dropped.
   */
  signupBrowserHash: text('signup_browser_hash'),
  dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
});

/** A required reference to a user, deleted with them (other modules' tables use it too). */
export const userIdColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A Google or Microsoft identity linked to a user. Keyed by the provider's stable subject:
 * Google `sub`; Microsoft `tid:oid` (tenant and object id), never by e-mail.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    provider: text('provider', { enum: ['google', 'microsoft'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('user_identities_provider_subject').on(t.provider, t.subject)],
);
