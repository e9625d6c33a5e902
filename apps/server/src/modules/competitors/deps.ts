import type { ServiceAccount } from '@maya/contracts';
import type { SerpClient } from '@maya/connectors';
import type { Warehouse } from '@maya/warehouse';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../platform/platform';

/** The search terms' filter columns and the label of a term (the clusters module's term labels). */
export type TermColumns = {
  columns(organizationId: string): Promise<{ id: string; name: string; values: string[] }[]>;
  labeller(organizationId: string, columnId: string): Promise<((term: string) => string | null) | null>;
};

export type CompetitorsDeps = {
  platform: Pick<Platform, 'database' | 'jobs'>;
  withWarehouse<T>(organizationId: string, work: (warehouse: Warehouse) => Promise<T>): Promise<T>;
  /** Tells reports the organization's data changed (modelling's version bump). */
  changed(organizationId: string): Promise<void>;
  /** The SERP provider's client; null when no credentials are configured. */
  client: SerpClient | null;
  /** SERP requests at once per run. */
  concurrency: number;
  /** The organization's connected accounts (sources module). */
  accounts(organizationId: string): Promise<ServiceAccount[]>;
  termColumns: TermColumns;
  /** The organizations the monthly schedule computes (ETL enabled). */
  organizations(): Promise<string[]>;
  now?: () => Date;
  log?: () => FastifyBaseLogger | null;
};
