/**
 * The spec's business constants (section 9 of each spec file), kept once for both apps.
 * Names say what they are; units are in the name (Ms, Px, Days...).
 */
export const PRODUCT_NAME = 'Maya';

/**
 * The cookie the server sets (`1`, readable by the page) beside the httpOnly refresh cookie and
 * clears with it: the SPA asks `/auth/refresh_token` only when it is there (decision 175).
 */
export const SESSION_HINT_COOKIE = 'maya_session';

/** The cookie the SPA keeps beside the in-memory token, naming the signed-in user (spec 000 §2, §3). */
export const USER_ID_COOKIE = 'user_id';

/**
 * The pages the web build draws into HTML, by address (decision 815): the server sends them to a
 * visitor whose browser shows no sign of a session (neither cookie above), who sees the page
 * before the app's script has run; everyone else gets `index.html`.
 */
export const PRERENDERED_PAGES = { '/sign-in': 'sign-in.html' } as const;

/** spec 000 §9: accounts and entry. */
export const accounts = {
  tokenRefreshIntervalMs: 300_000,
  mergeLinkValidityHours: 24,
  verificationLinkValidityHours: 24,
  mergePollMs: 3_000,
  mergePollAfterPasswordMs: 5_000,
  confirmationVisibleMs: 5_000,
  popupFadeMs: 400,
  signUpProgressWidths: ['8%', '54%', '100%'] as const,
  nameMinLength: 2,
  fuzzyThreshold: 0.4,
  marketplaceToastMs: 5_000,
} as const;

/** spec 001 §9: sources and modelling. */
export const modelling = {
  pagespeedMaxUrls: 250,
  competitorSearchTermsNumber: 300,
  competitorDefaultCountry: 'gr',
  expenseAmountScale: 100,
  expenseDescriptionMaxLength: 50,
  expenseDescriptionListLength: 20,
  toastMs: 3_000,
  dateFormat: 'DD/MM/YYYY',
  mobileBreakpointPx: 767,
  setupNavigationBreakpointPx: 550,
  previewFirstColumnWidth: '40%',
  ga4SandboxStorageLimitGb: 10,
  hiddenPageVisibility: 1,
} as const;

/** spec 002 §9: reporting and operations. */
export const operations = {
  notificationPageSize: 10,
  notificationPollMs: 12_000,
  notificationPopupMs: 7_000,
  toastMs: 3_000,
  errorToastMs: 10_000,
  redirectErrorToastMs: 5_000,
  mobileBreakpointPx: 767,
  bellBreakpointPx: 500,
  relativeDateCountMin: 1,
  relativeDateCountMax: 10_000,
  defaultFilterTime: '12:00',
  filterSummaryMaxValues: 5,
  vatMaxLength: 15,
  defaultBillingCountry: 'us',
  priceCurrency: 'EUR',
  defaultCurrency: 'USD',
  defaultDestinationLocation: 'eu',
  msPerDay: 86_400_000,
  infiniteScrollMarginPx: 10,
  infiniteScrollResetMs: 1_000,
} as const;
