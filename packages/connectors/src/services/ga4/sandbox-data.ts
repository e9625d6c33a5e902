// Deterministic GA4 data for the sandbox: accounts and properties (Admin API), and two fact tables
// the Data API's runReport aggregates: sessions by date, source, medium, campaign, device and
// country, and events by date and name. The event table is derived from the session table of the
// same day (session_start = sessions, first_visit = new users, purchase = key events with all the
// revenue), so both reports agree on every day's totals.
import { daily, unit } from '../../sandbox/apis/data';

export type SandboxProperty = {
  property: string;
  displayName: string;
  currencyCode: string;
  timeZone: string;
  /** Traffic scale. */
  weight: number;
};
export type SandboxAccount = { account: string; displayName: string; properties: SandboxProperty[] };

export const SANDBOX_ACCOUNTS: readonly SandboxAccount[] = [
  {
    account: 'accounts/1000001',
    displayName: 'Acme Outdoor',
    properties: [
      {
        property: 'properties/310000001',
        displayName: 'acme.example - GA4',
        currencyCode: 'EUR',
        timeZone: 'Europe/Athens',
        weight: 1,
      },
      {
        property: 'properties/310000002',
        displayName: 'Acme app',
        currencyCode: 'EUR',
        timeZone: 'Europe/Athens',
        weight: 0.3,
      },
    ],
  },
  {
    account: 'accounts/1000002',
    displayName: 'Trailfox Ltd',
    properties: [
      {
        property: 'properties/320000001',
        displayName: 'trailfox.example',
        currencyCode: 'GBP',
        timeZone: 'Europe/London',
        weight: 0.6,
      },
    ],
  },
  // An account whose properties were all deleted: listed by the API without propertySummaries.
  { account: 'accounts/1000003', displayName: 'Old agency account', properties: [] },
];

export function findProperty(name: string): SandboxProperty | null {
  for (const account of SANDBOX_ACCOUNTS) {
    const found = account.properties.find((p) => p.property === name);
    if (found) return found;
  }
  return null;
}

/** GA4's values for sessions from each channel ((direct), (organic)... as GA4 writes them). */
const CHANNELS = [
  { source: 'google', medium: 'organic', campaign: '(organic)', weight: 1, conversion: 0.018 },
  { source: '(direct)', medium: '(none)', campaign: '(direct)', weight: 0.6, conversion: 0.025 },
  { source: 'google', medium: 'cpc', campaign: 'brand_search', weight: 0.3, conversion: 0.04 },
  { source: 'google', medium: 'cpc', campaign: 'generic_search', weight: 0.45, conversion: 0.015 },
  { source: 'bing', medium: 'organic', campaign: '(organic)', weight: 0.08, conversion: 0.02 },
  { source: 'facebook.com', medium: 'referral', campaign: '(referral)', weight: 0.12, conversion: 0.006 },
  { source: 'instagram', medium: 'social', campaign: 'summer_launch', weight: 0.15, conversion: 0.008 },
  { source: 'newsletter', medium: 'email', campaign: 'weekly_digest', weight: 0.1, conversion: 0.035 },
] as const;
const DEVICES = [
  { name: 'mobile', weight: 1 },
  { name: 'desktop', weight: 0.7 },
  { name: 'tablet', weight: 0.07 },
] as const;
/** GA4's country dimension: English names. */
const COUNTRIES = [
  { name: 'Greece', weight: 1 },
  { name: 'Germany', weight: 0.7 },
  { name: 'United Kingdom', weight: 0.5 },
  { name: 'United States', weight: 0.45 },
  { name: 'France', weight: 0.3 },
  { name: 'Italy', weight: 0.25 },
  { name: 'Spain', weight: 0.2 },
  { name: 'Netherlands', weight: 0.15 },
] as const;

/** Metric values of a fact row; revenue in the property currency's cents (exact sums). */
export type Metrics = {
  sessions: number;
  engagedSessions: number;
  totalUsers: number;
  newUsers: number;
  keyEvents: number;
  eventCount: number;
  revenueCents: number;
};

export type SessionFact = {
  date: string;
  sessionSource: string;
  sessionMedium: string;
  sessionCampaignName: string;
  deviceCategory: string;
  country: string;
} & Metrics;
export type EventFact = { date: string; eventName: string } & Metrics;

const zero: Metrics = {
  sessions: 0,
  engagedSessions: 0,
  totalUsers: 0,
  newUsers: 0,
  keyEvents: 0,
  eventCount: 0,
  revenueCents: 0,
};

export function sessionFacts(property: SandboxProperty, date: string): SessionFact[] {
  const facts: SessionFact[] = [];
  for (const channel of CHANNELS) {
    for (const device of DEVICES) {
      for (const country of COUNTRIES) {
        const keys = [
          property.property,
          channel.source,
          channel.medium,
          channel.campaign,
          device.name,
          country.name,
        ];
        const sessions = daily(
          90 * property.weight * channel.weight * device.weight * country.weight,
          date,
          ...keys,
        );
        if (sessions === 0) continue;
        const u = unit('users', date, ...keys);
        const totalUsers = Math.max(1, Math.round(sessions * (0.72 + 0.2 * u)));
        const keyEvents = Math.floor(
          sessions * channel.conversion * (0.5 + 1.5 * unit('key', date, ...keys)) + unit('r', date, ...keys),
        );
        const averageOrderCents = 4_000 + Math.floor(9_000 * unit('aov', date, ...keys));
        facts.push({
          date,
          sessionSource: channel.source,
          sessionMedium: channel.medium,
          sessionCampaignName: channel.campaign,
          deviceCategory: device.name,
          country: country.name,
          ...zero,
          sessions,
          engagedSessions: Math.round(sessions * (0.48 + 0.25 * unit('engaged', date, ...keys))),
          totalUsers,
          newUsers: Math.round(totalUsers * (0.3 + 0.4 * unit('new', date, ...keys))),
          keyEvents,
          revenueCents: keyEvents * averageOrderCents,
        });
      }
    }
  }
  return splitCredits(facts, property, date);
}

/**
 * GA4 credits a key event to the sessions that led to it, so a session-scoped row's key events
 * are fractional: half of one of a (channel, country)'s desktop key events is credited to its
 * mobile sessions on some days. Each pair's sum, hence the day's, stays whole (the purchases);
 * revenue stays with the desktop row.
 */
function splitCredits(facts: SessionFact[], property: SandboxProperty, date: string): SessionFact[] {
  const key = (f: SessionFact) => `${f.sessionSource}\u0001${f.sessionCampaignName}\u0001${f.country}`;
  const mobile = new Map(facts.filter((f) => f.deviceCategory === 'mobile').map((f) => [key(f), f]));
  for (const desktop of facts) {
    if (desktop.deviceCategory !== 'desktop' || desktop.keyEvents < 1) continue;
    const other = mobile.get(key(desktop));
    if (!other || unit('credit', property.property, date, key(desktop)) >= 0.5) continue;
    desktop.keyEvents -= 0.5;
    other.keyEvents += 0.5;
  }
  return facts;
}

export function eventFacts(property: SandboxProperty, date: string): EventFact[] {
  const day = sessionFacts(property, date).reduce(
    (sum, f) => ({
      sessions: sum.sessions + f.sessions,
      engaged: sum.engaged + f.engagedSessions,
      newUsers: sum.newUsers + f.newUsers,
      users: sum.users + f.totalUsers,
      keyEvents: sum.keyEvents + f.keyEvents,
      revenueCents: sum.revenueCents + f.revenueCents,
    }),
    { sessions: 0, engaged: 0, newUsers: 0, users: 0, keyEvents: 0, revenueCents: 0 },
  );
  if (day.sessions === 0) return [];
  const r = (name: string) => unit(property.property, name, date);
  const pageViews = Math.round(day.sessions * (2.5 + r('page_view')));
  const counts: [string, number][] = [
    ['page_view', pageViews],
    ['session_start', day.sessions],
    ['first_visit', day.newUsers],
    ['user_engagement', Math.round(day.engaged * (1.2 + 0.4 * r('user_engagement')))],
    ['scroll', Math.round(pageViews * (0.35 + 0.1 * r('scroll')))],
    ['view_item', Math.round(pageViews * (0.25 + 0.1 * r('view_item')))],
    ['add_to_cart', Math.round(day.keyEvents * (3 + 2 * r('add_to_cart')))],
    ['begin_checkout', Math.round(day.keyEvents * (1.5 + 0.5 * r('begin_checkout')))],
    ['purchase', day.keyEvents],
  ];
  return counts
    .filter(([, count]) => count > 0)
    .map(([eventName, eventCount]) => ({
      date,
      eventName,
      ...zero,
      eventCount,
      // The purchase event is the property's key event and carries all the revenue.
      keyEvents: eventName === 'purchase' ? eventCount : 0,
      revenueCents: eventName === 'purchase' ? day.revenueCents : 0,
      totalUsers: Math.min(day.users, eventCount),
    }));
}
