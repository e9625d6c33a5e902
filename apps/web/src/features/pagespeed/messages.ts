import { modelling, pagespeedLoadError, pagespeedMessages, pagespeedSaveError } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible text of the pagespeed area (spec 001 §2, §5, §8), verbatim where the spec has one. */
export const pagespeedText = {
  ...pagespeedMessages,
  title: 'PageSpeed',
  description:
    "Pages whose speed Google's PageSpeed Insights measures every day, on mobile and desktop: the performance score and the Core Web Vitals (LCP, INP, CLS). New pages are measured when you save.",
  urlLabel: (n: number) => `URL ${n}`,
  placeholder: 'https://www.example.com/page',
  addUrl: 'Add URL',
  remove: (n: number) => `Remove URL ${n}`,
  save: 'Save',
  saved: 'Saved',
  count: (n: number) => `${n} of ${modelling.pagespeedMaxUrls} URLs`,
  emptyTitle: 'No URLs yet',
  emptyDescription: 'Add the pages you want to keep fast, or pick from your most visited pages below.',
  suggestionsTitle: 'Your most visited pages',
  suggestionsDescription: (days: number) =>
    `Organic search clicks over the last ${days} days (Search Console).`,
  noSuggestionSource: 'Connect Google Search Console to see your most visited pages here.',
  noSuggestions: 'Every page with search clicks is in your list.',
  clicks: (n: number) => `${n.toLocaleString('en')} clicks`,
  /** Beside each URL of the list: its clicks as a number (the column's header says what). */
  clicksShort: (n: number) => n.toLocaleString('en'),
  visitsHeader: (days: number) => `Search clicks, ${days} days`,
  /** Read after the number by screen readers (the header is for the eye). */
  clicksSuffix: ' search clicks',
  noClicksKnown: ' (clicks not known yet)',
  add: 'Add',
  addPage: (url: string) => `Add ${url}`,
  measureNow: 'Measure now',
  openReport: 'Open the PageSpeed report',
  runQueued: 'Measurement queued…',
  runRunning: 'Measuring…',
  runFinished: (day: string, measured: number) =>
    `Last measured on ${day}: ${measured} ${measured === 1 ? 'result' : 'results'} stored.`,
  runFailed: (day: string) => `The measurement of ${day} failed. Earlier results are kept.`,
  failuresTitle: (n: number) =>
    `${n} ${n === 1 ? 'measurement' : 'measurements'} could not be taken; earlier results are kept`,
  retry: 'Try again',
} as const;

const typeOf = (error: unknown) =>
  isApiError(error) && error.type !== '' ? error.type : pagespeedMessages.unexpected;

/** spec 001 §8: 'Failed to load saved PagedSpeed links ({type}). Please try again later.' */
export const loadFailure = (error: unknown) => pagespeedLoadError(typeOf(error));
/** spec 001 §8: 'Something went wrong ({type}). Please try again later.' */
export const saveFailure = (error: unknown) => pagespeedSaveError(typeOf(error));
