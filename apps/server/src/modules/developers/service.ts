import type { FastifyRequest } from 'fastify';
import {
  DatasetSqlRequestSchema,
  DeveloperErrorType,
  NOTIFICATION_TOKEN_PREFIX,
  PostNotificationSchema,
  ShareDatasetSchema,
  sharedDatasetName,
  type DatasetShare,
  type DatasetSqlRequest,
  type DatasetSqlResponse,
  type Ga4EmailsResponse,
  type NotificationToken,
  type PostNotification,
  type RotatedNotificationToken,
  type ShareDatasetResponse,
  type SharedDatasetResponse,
} from '@maya/contracts';
import { isTenantId, withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { Auth, OrganizationAccess } from '../../platform/guards';
import { planLimitReached } from '../billing';
import { WarehouseError } from '@maya/warehouse';
import { createApiKeys, requireDeveloperAdmin } from './api-keys';
import { bearerOf, newCredential, parseCredential, sameHash } from './credentials';
import { newReaderLogin, sharedDatasetMail } from './dataset-readers';
import type { DevelopersDeps } from './deps';
import { developersRepository as repository, type NotificationTokenRow } from './repository';

export type { DevelopersDeps } from './deps';
export type DevelopersService = ReturnType<typeof createDevelopersService>;

/** The product's own Google service account: who to grant in GA4 when the organization has none. */
export const GA4_FALLBACK_SERVICE_ACCOUNT = 'maya-analytics@maya-data.iam.gserviceaccount.com';

const toToken = (row: NotificationTokenRow): NotificationToken => ({
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The destination refused to make or drop a reader's login: nothing was changed. */
const roleRefused = (error: WarehouseError) =>
  new AppError(502, DeveloperErrorType.databaseRoleFailed, {
    message: `The PostgreSQL destination refused the read-only login: ${error.message}`,
  });

const invalidToken = () =>
  new AppError(401, DeveloperErrorType.invalidNotificationToken, {
    message: 'The notification token is not valid.',
  });

/**
 * Settings → Developers (spec 002 §2): API keys, the notification token and what outside systems
 * post with it, the shared dataset and who may read it, the GA4 service accounts.
 */
export function createDevelopersService(deps: DevelopersDeps) {
  const { db } = deps.platform.database;
  const keys = createApiKeys(deps);

  const dropReader = (organizationId: string, role: string) =>
    deps.readers(organizationId, (readers) => readers.drop(role));

  async function requireDatabaseAccess(organizationId: string): Promise<void> {
    if (!(await deps.hasDatabaseAccess(organizationId))) throw planLimitReached('database_access');
  }

  return {
    keys,

    /** The organization's token as listed; 404 when it has none yet (spec 002 §8: shown empty). */
    async notificationToken(access: OrganizationAccess): Promise<NotificationToken> {
      const row = await withOrganization(db, access.organizationId, (tx) =>
        repository.token(tx, access.organizationId),
      );
      if (!row)
        throw new AppError(404, 'notification_token_not_found', { message: 'No notification token yet' });
      return toToken(row);
    },

    /** Makes the organization's token, or replaces it: the old one is refused from the commit on. */
    async rotateNotificationToken(access: OrganizationAccess, auth: Auth): Promise<RotatedNotificationToken> {
      requireDeveloperAdmin(access, auth);
      const credential = newCredential(NOTIFICATION_TOKEN_PREFIX, access.organizationId);
      const row = await withOrganization(db, access.organizationId, (tx) =>
        repository.replaceToken(tx, {
          organizationId: access.organizationId,
          prefix: credential.prefix,
          tokenHash: credential.hash,
          createdAt: deps.now(),
        }),
      );
      return { ...toToken(row), access_token: credential.value };
    },

    /** POST /api/notifications: an outside system tells the organization its token names. */
    async postNotification(request: FastifyRequest, body: PostNotification): Promise<{ id: string }> {
      const bearer = bearerOf(request.headers.authorization);
      const parsed = bearer === null ? null : parseCredential(bearer);
      if (!parsed || parsed.kind !== NOTIFICATION_TOKEN_PREFIX) throw invalidToken();
      const { organizationId } = parsed;
      const known = await withOrganization(db, organizationId, async (tx) => {
        const row = await repository.token(tx, organizationId);
        if (!row || !sameHash(parsed.hash, row.tokenHash)) return false;
        await repository.touchToken(tx, organizationId, deps.now());
        return true;
      });
      if (!known) throw invalidToken();
      const input = PostNotificationSchema.parse(body);
      const { id } = await deps.notify(organizationId, { ...input, action: null });
      return { id };
    },

    /** spec 002 §7: who the dataset is shared with, and its name (prj_{organizationId}_db). */
    async sharedDataset(access: OrganizationAccess): Promise<SharedDatasetResponse> {
      const rows = await withOrganization(db, access.organizationId, (tx) =>
        repository.listShares(tx, access.organizationId),
      );
      const users: DatasetShare[] = rows.map((row) => ({
        email: row.email,
        created_at: row.createdAt.toISOString(),
      }));
      return { dataset: sharedDatasetName(access.organizationId), users };
    },

    /**
     * Shares the dataset read-only with an e-mail; needs the plan's database access. On a
     * PostgreSQL destination the person gets a login role of their own, made before the share is
     * committed (a refusal stores nothing); the mail tells them how to read the dataset.
     */
    async share(
      access: OrganizationAccess,
      auth: Auth,
      input: { email: string },
    ): Promise<ShareDatasetResponse> {
      requireDeveloperAdmin(access, auth);
      await requireDatabaseAccess(access.organizationId);
      const { email } = ShareDatasetSchema.parse(input);
      const { organizationId } = access;
      const login = newReaderLogin();
      let granted = false;
      let inserted: boolean;
      try {
        inserted = await withOrganization(db, organizationId, async (tx) => {
          if (!(await repository.insertShare(tx, { organizationId, email, databaseRole: null })))
            return false;
          granted = await deps.readers(organizationId, (readers) =>
            readers.grant(login.role, login.password),
          );
          if (granted) await repository.setShareRole(tx, organizationId, email, login.role);
          return true;
        });
      } catch (error) {
        if (granted) await dropReader(organizationId, login.role).catch(() => undefined);
        if (error instanceof WarehouseError) throw roleRefused(error);
        throw error;
      }
      if (!inserted) return { success: true, message: `The dataset is already shared with ${email}` };
      const destination = granted ? await deps.destination(organizationId) : null;
      await deps.platform.mailer.send(
        sharedDatasetMail({
          to: email,
          organizationId,
          appUrl: deps.platform.config.appUrl,
          postgres: destination?.kind === 'postgresql' ? { login, destination } : null,
        }),
      );
      return { success: true, message: `Dataset shared with ${email}` };
    },

    /**
     * Unshares at once: `datasetAccess` reads the shares on every call, and the person's
     * PostgreSQL login is dropped (its sessions ended) before the unsharing is committed.
     */
    async unshare(access: OrganizationAccess, auth: Auth, input: { email: string }): Promise<void> {
      requireDeveloperAdmin(access, auth);
      const { email } = ShareDatasetSchema.parse(input);
      const { organizationId } = access;
      const deleted = await withOrganization(db, organizationId, async (tx) => {
        const row = await repository.deleteShare(tx, organizationId, email);
        if (row?.databaseRole) {
          await dropReader(organizationId, row.databaseRole).catch((error: unknown) => {
            throw error instanceof WarehouseError ? roleRefused(error) : error;
          });
        }
        return row;
      });
      if (!deleted) {
        throw new AppError(404, DeveloperErrorType.notShared, {
          message: `The dataset is not shared with ${email}`,
        });
      }
    },

    /**
     * Whether `userEmail` may read the organization's dataset (read-only SQL, say): shared with
     * that e-mail and the plan still includes database access. Other modules call this.
     */
    async datasetAccess(organizationId: string, userEmail: string): Promise<boolean> {
      if (!isTenantId(organizationId)) return false;
      const email = userEmail.trim().toLowerCase();
      const share = await withOrganization(db, organizationId, (tx) =>
        repository.share(tx, organizationId, email),
      );
      return share !== null && (await deps.hasDatabaseAccess(organizationId));
    },

    /**
     * One read-only SELECT on the shared dataset, for a member on a plan with database access or
     * a person it is shared with (the `dataset` guard checked the share, on this very request).
     */
    async querySharedDataset(
      reader: { organizationId: string; member: OrganizationAccess | null },
      input: DatasetSqlRequest,
    ): Promise<DatasetSqlResponse> {
      if (reader.member !== null) await requireDatabaseAccess(reader.organizationId);
      const { sql, limit } = DatasetSqlRequestSchema.parse(input);
      const { columns, rows, truncated } = await deps.readOnlySql(reader.organizationId, sql, limit);
      return { columns, rows, truncated };
    },

    /**
     * spec 002 §2 GA4: the service accounts to grant in Google Analytics: the organization's own
     * BigQuery destination's account when it has one, else none (the page shows the fallback).
     */
    async ga4Emails(access: OrganizationAccess): Promise<Ga4EmailsResponse> {
      const destination = await deps.destination(access.organizationId);
      const emails = destination?.kind === 'bigquery' ? [destination.serviceAccount.client_email] : [];
      return { emails, fallback: GA4_FALLBACK_SERVICE_ACCOUNT };
    },
  };
}
