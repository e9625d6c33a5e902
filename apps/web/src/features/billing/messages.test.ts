import { describe, expect, it } from 'vitest';
import { checkoutErrorMessage, displayPrice } from './messages';

const plan = {
  mode: 'subscription',
  monthly_price: 4900,
  annual_price: 3900,
  fixed_price: 0,
  has_custom_price: false,
};

describe('displayPrice (spec 002 §9)', () => {
  it('shows the monthly price, and 12 x annual_price for the annual term, in EUR', () => {
    expect(displayPrice(plan, false)).toBe('€49.00');
    expect(displayPrice(plan, true)).toBe('€468.00');
  });

  it('shows annual_price / 12 for a custom price, and Contact us when it is 0', () => {
    const custom = { ...plan, has_custom_price: true, annual_price: 120000 };
    expect(displayPrice(custom, true)).toBe('€100.00');
    expect(displayPrice({ ...custom, annual_price: 0 }, true)).toBe('Contact us');
  });

  it('shows the fixed price of a one-time payment whatever the term', () => {
    const payment = { ...plan, mode: 'payment', fixed_price: 49000 };
    expect(displayPrice(payment, true)).toBe('€490.00');
    expect(displayPrice(payment, false)).toBe('€490.00');
  });
});

describe('checkoutErrorMessage (spec 002 §8)', () => {
  it.each([
    ['unrecognized_location', 'Unrecognized location. Please update your location or contact support.'],
    ['billing_details_missing', 'Please specify billing details before proceeding to checkout.'],
    ['customer_deleted', 'Your account has been deleted. Please contact support.'],
    ['anything_else', 'There was a problem processing your request. Please try again or contact support.'],
  ])('%s', (type, message) => {
    expect(checkoutErrorMessage(type)).toBe(message);
  });
});
