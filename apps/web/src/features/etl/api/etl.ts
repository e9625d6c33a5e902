import {
  EtlLogsSchema,
  EtlNextSchema,
  EtlProgressSchema,
  EtlSettingsSchema,
  EtlTablesSchema,
  EtlTriggerResponseSchema,
  type EtlLogs,
  type EtlNext,
  type EtlProgress,
  type EtlSettings,
  type EtlSettingsUpdate,
  type EtlTables,
  type EtlTriggerResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /etl/progress?organization_id=: the running (or last) data load. */
export function getEtlProgress(organizationId: string, client: ApiClient = apiClient): Promise<EtlProgress> {
  return client.get('/etl/progress', {
    query: { organization_id: organizationId },
    parse: (data) => EtlProgressSchema.parse(data),
  });
}

/** GET /etl/next?organization_id=: when the daily schedule loads next. */
export function getNextEtlTime(organizationId: string, client: ApiClient = apiClient): Promise<EtlNext> {
  return client.get('/etl/next', {
    query: { organization_id: organizationId },
    parse: (data) => EtlNextSchema.parse(data),
  });
}

/** POST /etl/trigger: Load data now (409 etl_already_running while a run is running). */
export function triggerEtl(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<EtlTriggerResponse> {
  return client.post('/etl/trigger', {
    body: { organization_id: organizationId },
    parse: (data) => EtlTriggerResponseSchema.parse(data),
  });
}

/** GET /etl/logs?organization_id=: the runs grouped by date, newest first. */
export function getEtlLogs(organizationId: string, client: ApiClient = apiClient): Promise<EtlLogs> {
  return client.get('/etl/logs', {
    query: { organization_id: organizationId },
    parse: (data) => EtlLogsSchema.parse(data),
  });
}

/** GET /etl/tables?organization_id=: what the warehouse holds for reports, table by table. */
export function getEtlTables(organizationId: string, client: ApiClient = apiClient): Promise<EtlTables> {
  return client.get('/etl/tables', {
    query: { organization_id: organizationId },
    parse: (data) => EtlTablesSchema.parse(data),
  });
}

/** GET /etl/settings?organization_id=: each service's look-back days. */
export function getEtlSettings(organizationId: string, client: ApiClient = apiClient): Promise<EtlSettings> {
  return client.get('/etl/settings', {
    query: { organization_id: organizationId },
    parse: (data) => EtlSettingsSchema.parse(data),
  });
}

/** PUT /etl/settings: the services' look-back days (null: the default); administrators only. */
export function saveEtlSettings(
  organizationId: string,
  lookbacks: EtlSettingsUpdate['lookbacks'],
  client: ApiClient = apiClient,
): Promise<EtlSettings> {
  return client.put('/etl/settings', {
    body: { organization_id: organizationId, lookbacks },
    parse: (data) => EtlSettingsSchema.parse(data),
  });
}
