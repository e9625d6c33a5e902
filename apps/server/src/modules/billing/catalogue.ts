import type { products } from './schema';

type NewProduct = typeof products.$inferInsert;

/** The plan of every organization that pays for none (docs/decisions.md 441). */
export const TRIAL_PRODUCT_ID = 'trial';
/** How long the free trial lasts from the organization's creation (decision 441). */
export const TRIAL_DAYS = 14;
/** The plan a marketplace subscription gets when its plan id names no product (decision 443). */
export const MARKETPLACE_DEFAULT_PRODUCT_ID = 'starter';

/**
 * The seed catalogue (decision 442): written at start when missing, never overwritten, so prices
 * changed in the database stay. Prices in euro cents; -1 is unlimited.
 */
export const SEED_PRODUCTS: readonly NewProduct[] = [
  {
    id: TRIAL_PRODUCT_ID,
    title: 'Free trial',
    description: 'Every integration for two weeks, for a small team.',
    mode: 'subscription',
    listed: false,
    position: 0,
    accounts: 50,
    users: 3,
    integrations: -1,
    dataHistory: 2,
    customReports: 3,
  },
  {
    id: 'starter',
    title: 'Starter',
    description: 'For a marketer with a few channels.',
    mode: 'subscription',
    monthlyPrice: 4900,
    annualPrice: 3900,
    position: 1,
    accounts: 10,
    users: 5,
    integrations: 3,
    dataHistory: 2,
    customReports: 10,
    emailSupport: true,
  },
  {
    id: 'growth',
    title: 'Growth',
    description: 'For a marketing team on every channel.',
    mode: 'subscription',
    monthlyPrice: 14900,
    annualPrice: 11900,
    isMostPopular: true,
    position: 2,
    accounts: 50,
    users: 20,
    integrations: -1,
    dataHistory: 5,
    customReports: -1,
    databaseAccess: true,
    emailSupport: true,
    prioritySupport: true,
  },
  {
    id: 'agency',
    title: 'Agency',
    description: 'Unlimited accounts and people, a price for your volume.',
    mode: 'subscription',
    hasCustomPrice: true,
    position: 3,
    accounts: -1,
    users: -1,
    integrations: -1,
    dataHistory: 10,
    customReports: -1,
    databaseAccess: true,
    emailSupport: true,
    prioritySupport: true,
    onboarding: true,
  },
  {
    id: 'onboarding',
    title: 'Onboarding session',
    description: 'Two hours with an analyst to set up your sources, clusters and reports.',
    mode: 'payment',
    fixedPrice: 49000,
    position: 4,
    accounts: 0,
    users: 0,
    integrations: 0,
    dataHistory: 0,
    customReports: 0,
    onboarding: true,
  },
];
