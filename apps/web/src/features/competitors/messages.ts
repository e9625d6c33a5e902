import { competitorsMessages, type CompetitionRun } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';
import { CANT_CONNECT_MESSAGE, isConnectionError } from '../../shared/api/describeError';

/** Every user-visible text of the competitors area (spec 001 §2, §5, §8, §9), verbatim where the spec has one. */
export const competitorsText = {
  ...competitorsMessages,
  title: 'Competitors',
  description:
    'Who else Google shows for your top search terms, organic and paid, in one country: share of voice, average position and the terms you win or lose, computed every month.',
  addReport: 'Add report',
  editorTitleNew: 'New competition report',
  editorTitleEdit: 'Competition report',
  back: 'Back to competition reports',
  account: 'Account',
  accountDescription: 'A Google Search Console property or a Google Ads account',
  country: 'Country',
  filterColumn: 'Filter column',
  filterValue: 'Value',
  orderedBy: (order: 'cost' | 'clicks', count: number) =>
    `The top ${count} search terms by ${order === 'cost' ? 'Cost' : 'Clicks'} of the last 30 days.`,
  save: 'Save',
  saved: 'Saved',
  emptyTitle: 'No competition reports yet',
  emptyDescription: 'Add a report to see who competes with you for your top search terms.',
  columns: {
    account: 'Account',
    country: 'Country',
    filter: 'Filter',
    status: 'Last computed',
    actions: 'Actions',
  },
  edit: (name: string) => `Edit ${name}`,
  remove: (name: string) => `Delete ${name}`,
  removeTitle: 'Delete the competition report?',
  removeBody: 'Its computed shares are deleted too.',
  removeConfirm: 'Delete',
  openReport: 'Open the Competitors report',
  computeNow: 'Compute now',
  unknownAccount: 'Account no longer connected',
  retry: 'Try again',
  status: (run: CompetitionRun | null): string => {
    if (run === null) return 'Not computed yet';
    switch (run.status) {
      case 'queued':
        return 'Computation queued…';
      case 'running':
        return 'Computing…';
      case 'finished':
        return `Computed for ${run.month ?? ''}: ${run.terms} search terms, ${run.requests} new ${
          run.requests === 1 ? 'result page' : 'result pages'
        } (${formatCost(run.cost_micros, run.currency)}).`;
      case 'failed':
        return `The computation failed: ${run.error ?? 'unknown error'}. Earlier results are kept.`;
    }
  },
} as const;

/** What the provider charged, in its currency. */
export function formatCost(micros: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 3 }).format(
    micros / 1_000_000,
  );
}

/** spec 001 §8: 'Failed loading competitors reports' (plus ': Validation error' on 422). */
export function listFailure(error: unknown): string {
  if (isConnectionError(error)) return CANT_CONNECT_MESSAGE;
  const suffix = isApiError(error) && error.status === 422 ? competitorsMessages.validationSuffix : '';
  return `${competitorsMessages.loadFailed}${suffix}`;
}

/** spec 001 §8: one report could not be loaded. */
export const reportFailure = (error: unknown) =>
  isConnectionError(error) ? CANT_CONNECT_MESSAGE : competitorsMessages.reportFailed;

/** spec 001 §8: the countries could not be loaded. */
export const countriesFailure = (error: unknown) =>
  isConnectionError(error) ? CANT_CONNECT_MESSAGE : competitorsMessages.countriesFailed;

/** spec 001 §8: the save failed. */
export const saveFailure = (error: unknown) =>
  isConnectionError(error) ? CANT_CONNECT_MESSAGE : competitorsMessages.saveFailed;
