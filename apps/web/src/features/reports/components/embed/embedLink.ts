import {
  decodeReportState,
  embedFilterIsOpen,
  ReportStateError,
  type ReportDocument,
  type ReportFilter,
  type ReportState,
  unreachable,
} from '@maya/contracts';
import { z } from 'zod/mini';
import { formatDate } from '../../../../shared/lib/dates';
import { columnLabel, filterSummary } from '../../model/filters';
import { defaultReportState, effectiveFilters } from '../../model/state';
import { embedMessages as text } from './messages';

// The embed dialog's rules, as pure functions: the new link's form (its expiry) and how a grant's
// view and times read in the list.

export const EXPIRY_CHOICES = ['never', '1', '7', '30', 'date'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

export type EmbedLinkValues = {
  expiry: ExpiryChoice;
  /** `YYYY-MM-DD` (the native date input's value), for expiry 'date'. */
  date: string;
  allowFiltering: boolean;
};

export const initialEmbedLinkValues: EmbedLinkValues = { expiry: 'never', date: '', allowFiltering: false };

const pad = (value: number) => String(value).padStart(2, '0');

/** The form's rule: a date, when chosen, is today or later (the link lasts to its end). */
export function embedLinkSchema(today: string) {
  return z.object({ expiry: z.enum(EXPIRY_CHOICES), date: z.string(), allowFiltering: z.boolean() }).check(
    z.superRefine((values, ctx) => {
      if (values.expiry !== 'date') return;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
        ctx.addIssue({ code: 'custom', message: text.dateRequired, path: ['date'] });
      } else if (values.date < today) {
        ctx.addIssue({ code: 'custom', message: text.datePast, path: ['date'] });
      }
    }),
  );
}

/** The request's `expires_at`: none, whole days from now, or the chosen day's last minute. */
export function expiresAtOf(values: EmbedLinkValues, now: Date): string | null {
  switch (values.expiry) {
    case 'never':
      return null;
    case '1':
    case '7':
    case '30':
      return new Date(now.getTime() + Number(values.expiry) * 86_400_000).toISOString();
    case 'date': {
      const [year = 0, month = 1, day = 1] = values.date.split('-').map(Number);
      return new Date(year, month - 1, day, 23, 59, 0).toISOString();
    }
    default: {
      return unreachable(values.expiry);
    }
  }
}

/** DD/MM/YYYY HH:mm, local time. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const describe = (filter: ReportFilter) => `${columnLabel(filter.column)}: ${filterSummary(filter)}`;

function decoded(state: string | null): ReportState | null {
  if (state === null) return null;
  try {
    return decodeReportState(state);
  } catch (error) {
    if (error instanceof ReportStateError) return null;
    throw error;
  }
}

/**
 * A grant's view in a line: its page, then the filters that hold in it ('Campaigns · Date: In
 * the last 7 days'). Without the document at hand, the state's own filters.
 */
export function embedViewSummary(document: ReportDocument | null, encoded: string | null): string {
  const state = decoded(encoded);
  // A page the document no longer has: the state's own filters say what the view kept to.
  if (document === null || (state !== null && !document.pages.some((p) => p.name === state.page))) {
    if (state === null) return text.asSaved;
    const filters = [...state.filters, ...state.slicers.map((s) => s.filter)];
    return [state.page, ...filters.filter((f) => !embedFilterIsOpen(f)).map(describe)].join(' · ');
  }
  const view = state ?? defaultReportState(document, true);
  const page = document.pages.find((p) => p.name === view.page);
  const filters = effectiveFilters(document, view).filter((f) => !embedFilterIsOpen(f));
  const parts = [page?.display_name ?? view.page, ...filters.map(describe)];
  return state === null ? [text.asSaved, ...parts.slice(1)].join(' · ') : parts.join(' · ');
}
