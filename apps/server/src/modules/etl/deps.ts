import type { Warehouse } from '@maya/warehouse';
import type { Platform } from '../../platform/platform';
import type { SourcesService } from '../sources';

export type EtlDeps = {
  platform: Pick<Platform, 'config' | 'jobs' | 'database' | 'warehouseFiles'>;
  sources: Pick<SourcesService, 'loadTarget' | 'reportSync' | 'list'>;
  /** Years of history the organization's plan loads (its features' `data_history`). */
  historyYears: (organizationId: string) => Promise<number> | number;
  /** Whether the organization loads data (`is_etl_enabled`, not a demo). */
  isEtlEnabled: (organizationId: string) => Promise<boolean>;
  /** The organizations the daily schedule loads. */
  listEtlEnabled: () => Promise<string[]>;
  /**
   * The organization's own destination (destinations module), opened; null for the managed
   * DuckDB file, which is also the default when absent.
   */
  openDestination?: (organizationId: string) => Promise<Warehouse | null>;
  /** Tells the organization (notifications module); absent: nobody is told. */
  notify?: (organizationId: string, notification: EtlNotification) => Promise<unknown>;
  /** Told after each model rebuild, built or failed (reports drop their cached results). */
  modelsRebuilt?: (organizationId: string) => void;
  /** Today, for the load's range; the clock by default. */
  now?: () => Date;
};

/** What a failed load tells the organization: a notification, also e-mailed. */
export type EtlNotification = { type: 'error'; title: string; body: string };
