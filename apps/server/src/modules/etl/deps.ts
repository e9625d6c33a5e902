import type { Platform } from '../../platform/platform';
import type { SourcesService } from '../sources';

export type EtlDeps = {
  platform: Pick<Platform, 'config' | 'jobs' | 'database'>;
  sources: Pick<SourcesService, 'loadTarget' | 'reportSync' | 'list'>;
  /** Years of history the organization's plan loads (its features' `data_history`). */
  historyYears: (organizationId: string) => Promise<number> | number;
  /** Whether the organization loads data (`is_etl_enabled`, not a demo). */
  isEtlEnabled: (organizationId: string) => Promise<boolean>;
  /** The organizations the daily schedule loads. */
  listEtlEnabled: () => Promise<string[]>;
  /** Today, for the load's range; the clock by default. */
  now?: () => Date;
};
