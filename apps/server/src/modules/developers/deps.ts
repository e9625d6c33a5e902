import type { DatasetReaders, DestinationConfig, QueryResult } from '@maya/warehouse';
import type { Platform } from '../../platform/platform';
import type { NotifyInput } from '../notifications';
import type { UsersService } from '../users';

/** What Settings → Developers needs from the rest of the server (the composition root hands it in). */
export type DevelopersDeps = {
  platform: Pick<Platform, 'database' | 'config' | 'mailer'>;
  users: Pick<UsersService, 'findMany'>;
  /** Tells the organization (the notifications module). */
  notify(organizationId: string, input: NotifyInput): Promise<{ id: string }>;
  /** Whether the plan includes database access (billing's entitlements). */
  hasDatabaseAccess(organizationId: string): Promise<boolean>;
  /** The organization's destination settings, null for the managed DuckDB warehouse. */
  destination(organizationId: string): Promise<DestinationConfig | null>;
  /** One read-only SELECT on the organization's dataset (modelling's runner, the MCP tool's too). */
  readOnlySql(organizationId: string, sql: string, maxRows: number): Promise<QueryResult>;
  /**
   * Runs `work` with the read-only logins of the organization's warehouse (modelling opens it) and
   * answers true; false, `work` not run, when it has none (managed DuckDB, BigQuery, Databricks).
   */
  readers(organizationId: string, work: (readers: DatasetReaders) => Promise<void>): Promise<boolean>;
  now(): Date;
};
