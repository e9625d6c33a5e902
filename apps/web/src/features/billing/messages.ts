/** The billing area's words (spec 002 §2, §8, §9), verbatim. */
export const billingMessages = {
  oneTimePayments: 'One-time payments',
  subscriptionPlans: 'Subscription plans',
  monthly: 'Monthly',
  annual: 'Annual',
  contactUs: 'Contact us',
  purchased: 'Purchased',
  noProducts: 'No products found.',
  subscriptionOrder: 'Subscription Order',
  proceedToPayment: 'Proceed to payment',
  manageSubscription: 'Manage Subscription',
  thankYou: 'Thank you for your order!',
  checkoutStartFailed:
    'Starting an order checkout session failed. Please contact support or try again later.',
} as const;

const CHECKOUT_ERRORS: Record<string, string> = {
  unrecognized_location: 'Unrecognized location. Please update your location or contact support.',
  billing_details_missing: 'Please specify billing details before proceeding to checkout.',
  customer_deleted: 'Your account has been deleted. Please contact support.',
};

/** spec 002 §8: the message of a checkout_error value. */
export function checkoutErrorMessage(type: string): string {
  return (
    CHECKOUT_ERRORS[type] ??
    'There was a problem processing your request. Please try again or contact support.'
  );
}

const euros = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 2,
});

/**
 * spec 002 §9: prices in EUR; annual shows 12 x annual_price, or annual_price / 12 for custom
 * prices; a custom price with annual_price 0 reads 'Contact us'. Amounts are cents.
 */
export function displayPrice(
  product: {
    mode: string;
    monthly_price: number;
    annual_price: number;
    fixed_price: number;
    has_custom_price: boolean;
  },
  annual: boolean,
): string {
  if (product.mode === 'payment') return euros.format(product.fixed_price / 100);
  if (product.has_custom_price && product.annual_price === 0) return billingMessages.contactUs;
  if (!annual) return euros.format(product.monthly_price / 100);
  const cents = product.has_custom_price ? product.annual_price / 12 : product.annual_price * 12;
  return euros.format(cents / 100);
}
