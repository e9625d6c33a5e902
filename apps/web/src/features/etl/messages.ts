import { ETL_EXPIRED_MESSAGE } from '@maya/contracts';
import { describeApiError } from '../../shared/api/describeError';
import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible text of the ETL area (spec 002 Data load, §8 ETL and shell). */
export const etlMessages = {
  title: 'Data Load',
  loadNow: 'Load data now',
  description: 'Loads the data of every connected source. Data also loads automatically once a day.',
  progress: 'Progress',
  idle: 'No data load is running.',
  nextEtlTime: 'Next ETL time',
  notScheduled: 'Not scheduled',
  nextEtlTimeFailed: 'Failed to load next ETL time',
  history: 'History',
  noHistory: 'No data has been loaded yet.',
  totalRunTime: 'Total run time',
  columns: { started: 'Started', step: 'Step', runTime: 'Run time', status: 'Status', error: 'Error' },
  status: { running: 'Running', finished: 'Finished', failed: 'Failed' },
  alreadyRunning: 'A data load is already running.',
  disabled: 'Data loads are not enabled for this organization.',
  loadedData: 'Loaded data',
  noData: 'Nothing has been loaded yet. Connect a source, then load data.',
  tableColumns: { table: 'Table', rows: 'Rows', from: 'From', to: 'To' },
  lookback: 'Look-back days',
  lookbackDescription:
    'Every load reads again this many days before the last loaded day, because providers keep ' +
    'crediting conversions to past days. Leave a field empty for the default.',
  lookbackColumns: { service: 'Service', default: 'Default', days: 'Days' },
  lookbackSave: 'Save look-back days',
  lookbackSaved: 'Look-back days saved.',
  lookbackAdminOnly: 'Only administrators can change the look-back days.',
} as const;

/** A model table's name for people: `search_console_queries` → 'Search console queries'. */
export function tableLabel(name: string): string {
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Why Load data now was refused. */
export function triggerFailedMessage(error: unknown): string {
  if (isApiError(error) && error.type === 'etl_already_running') return etlMessages.alreadyRunning;
  if (isApiError(error) && error.type === 'etl_disabled') return etlMessages.disabled;
  if (isApiError(error) && error.type === 'etl_plan_expired') return ETL_EXPIRED_MESSAGE;
  return describeApiError(error);
}

/** The ETL logs error shows the detail string (spec 002 §8). */
export function logsFailedMessage(error: unknown): string {
  return describeApiError(error);
}
