import { describe, expect, it } from 'vitest';
import { etlExpired, resolvePlan, type PlanInputs } from './plan';

const createdAt = new Date('2026-03-01T10:00:00Z');
const known = new Set(['trial', 'starter', 'growth']);
const inputs = (over: Partial<PlanInputs>): PlanInputs => ({
  organizationCreatedAt: createdAt,
  billing: null,
  marketplace: null,
  ...over,
});
const billing = (status: NonNullable<PlanInputs['billing']>['status'], productId = 'growth') => ({
  provider: 'stripe' as const,
  productId,
  status,
  trialEndsAt: null,
});

describe('resolvePlan', () => {
  it('puts an organization that pays for nothing on the trial, fourteen days from its creation', () => {
    expect(resolvePlan(inputs({}), known)).toEqual({
      productId: 'trial',
      source: 'trial',
      status: 'trialing',
      trialEndsAt: new Date('2026-03-15T10:00:00Z'),
    });
  });

  it.each(['active', 'trialing', 'past_due'] as const)('keeps the paid plan while %s', (status) => {
    expect(resolvePlan(inputs({ billing: billing(status) }), known)).toMatchObject({
      productId: 'growth',
      source: 'stripe',
      status,
    });
  });

  it.each(['canceled', 'unpaid'] as const)('falls back to the trial limits when %s, saying so', (status) => {
    expect(resolvePlan(inputs({ billing: billing(status) }), known)).toEqual({
      productId: 'trial',
      source: 'stripe',
      status,
      trialEndsAt: null,
    });
  });

  it('prefers a paying provider subscription to a marketplace one, and a paying marketplace one to a lapsed provider one', () => {
    const marketplace = { planId: 'starter', status: 'active' as const };
    expect(resolvePlan(inputs({ billing: billing('active'), marketplace }), known).productId).toBe('growth');
    expect(resolvePlan(inputs({ billing: billing('canceled'), marketplace }), known)).toMatchObject({
      productId: 'starter',
      source: 'marketplace',
    });
  });

  it('maps the marketplace statuses: pending is active, suspended unpaid, unknown plans the lowest paid one', () => {
    expect(
      resolvePlan(inputs({ marketplace: { planId: 'growth', status: 'pending' } }), known),
    ).toMatchObject({
      productId: 'growth',
      status: 'active',
    });
    expect(
      resolvePlan(inputs({ marketplace: { planId: 'growth', status: 'suspended' } }), known),
    ).toMatchObject({
      productId: 'trial',
      source: 'marketplace',
      status: 'unpaid',
    });
    expect(
      resolvePlan(inputs({ marketplace: { planId: 'gold-2025', status: 'active' } }), known).productId,
    ).toBe('starter');
  });

  it('ignores a provider subscription whose product left the catalogue', () => {
    expect(resolvePlan(inputs({ billing: billing('active', 'retired') }), known).productId).toBe('trial');
  });
});

describe('etlExpired', () => {
  const trial = resolvePlan(inputs({}), known); // ends 2026-03-15T10:00Z

  it('stops the loads when the free trial has ended, not a millisecond before', () => {
    expect(etlExpired(trial, new Date('2026-03-15T09:59:59.999Z'))).toBe(false);
    expect(etlExpired(trial, new Date('2026-03-15T10:00:00Z'))).toBe(true);
    expect(etlExpired(trial, new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });

  it.each(['canceled', 'unpaid'] as const)('stops them for a %s subscription, whenever', (status) => {
    const lapsed = resolvePlan(inputs({ billing: billing(status) }), known);
    expect(etlExpired(lapsed, createdAt)).toBe(true);
    const suspended = resolvePlan(inputs({ marketplace: { planId: 'growth', status: 'suspended' } }), known);
    expect(etlExpired(suspended, createdAt)).toBe(true);
  });

  it.each(['active', 'trialing', 'past_due'] as const)(
    'keeps them for a %s subscription, long after the free trial',
    (status) => {
      const paying = resolvePlan(inputs({ billing: billing(status) }), known);
      expect(etlExpired(paying, new Date('2030-01-01T00:00:00Z'))).toBe(false);
    },
  );
});
