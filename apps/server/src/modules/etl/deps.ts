import type { Platform } from '../../platform/platform';
import type { ModellingService } from '../modelling';
import type { SourcesService } from '../sources';

export type EtlDeps = {
  platform: Pick<Platform, 'config' | 'jobs' | 'database'>;
  sources: Pick<
    SourcesService,
    | 'loadTarget'
    | 'reportSync'
    | 'reportBackfill'
    | 'list'
    | 'renameAccount'
    | 'learnTimeZone'
    | 'listWithFirstLoads'
    | 'endFirstLoad'
  >;
  /** Years of history the organization's plan loads (its features' `data_history`). */
  historyYears: (organizationId: string) => Promise<number> | number;
  /** Whether the organization's plan lapsed (entitlements' `etl_expired`): then nothing loads. */
  planExpired: (organizationId: string) => Promise<boolean>;
  /** Whether the organization loads data (`is_etl_enabled`, not a demo). */
  isEtlEnabled: (organizationId: string) => Promise<boolean>;
  /** The organizations the daily schedule loads. */
  listEtlEnabled: () => Promise<string[]>;
  /** The organization's warehouse, where loads write, and the model rebuild after each load. */
  modelling: Pick<ModellingService, 'withWarehouse' | 'rebuild'>;
  /** Tells the organization (notifications module); absent: nobody is told. */
  notify?: (organizationId: string, notification: EtlNotification) => Promise<unknown>;
  /**
   * Awaited before each range of an account's older history is loaded (decision 660): tests hold
   * the backfill there to see the recent days reported before it ends. None by default.
   */
  backfillGate?: (serviceAccountId: string) => Promise<void>;
  /**
   * Where a first load says how long its phases took (info), and a load that could not ask its
   * provider for the account's zone says why (warn); nowhere by default.
   */
  log?: {
    info: (fields: Record<string, unknown>, message: string) => void;
    warn?: (fields: Record<string, unknown>, message: string) => void;
  };
  /** Today, for the load's range; the clock by default. */
  now?: () => Date;
};

/** What a failed load tells the organization: a notification, also e-mailed. */
export type EtlNotification = { type: 'error'; title: string; body: string };
