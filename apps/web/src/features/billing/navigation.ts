import { organizationPath } from '../organizations';

/** billing/checkout?product=&annual= (spec 002 Billing). */
export function checkoutPath(slug: string, product: string, annual: boolean): string {
  return `${organizationPath(slug, 'billing/checkout')}?product=${encodeURIComponent(product)}&annual=${annual}`;
}

/** billing/details, with the checkout's parameters when it is the order's first step. */
export function billingDetailsPath(
  slug: string,
  order: { product: string; annual: boolean; error?: string; auto?: boolean } | null = null,
): string {
  const base = organizationPath(slug, 'billing/details');
  if (order === null) return base;
  const query = new URLSearchParams({ checkout: '1', product: order.product, annual: String(order.annual) });
  if (order.auto) query.set('auto_checkout', '1');
  if (order.error) query.set('checkout_error', order.error);
  return `${base}?${query.toString()}`;
}
