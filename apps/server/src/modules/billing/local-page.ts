import type { LocalSession } from './providers/local';
import type { ProductRow } from './plan';
import { unitAmount } from './checkout';

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const euros = (cents: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/**
 * The local provider's checkout or portal page (no Stripe key): what is bought or what is paid
 * for, with the button that pays or cancels, posting back to this server.
 */
export function localPage(token: string, session: LocalSession, product: ProductRow | null): string {
  const checkout = session.k === 'checkout';
  const term = product?.mode === 'payment' ? 'one-time payment' : session.a ? 'per year' : 'per month';
  const what = product
    ? `<p><strong>${escape(product.title)}</strong></p><p>${euros(unitAmount(product, session.a))} ${term}</p>`
    : '<p>No subscription.</p>';
  const button = (action: string, label: string, primary: boolean) =>
    `<button name="action" value="${action}" style="padding:10px 18px;border-radius:6px;font-size:15px;margin-right:8px;${
      primary ? 'background:#1c7ed6;color:#fff;border:0' : 'background:#fff;border:1px solid #adb5bd'
    }">${label}</button>`;
  const actions = checkout
    ? button('pay', 'Pay now', true) + button('cancel', 'Cancel', false)
    : (product ? button('cancel', 'Cancel subscription', false) : '') + button('back', 'Back', true);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${checkout ? 'Checkout' : 'Billing portal'} - Maya</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:480px;margin:48px auto;padding:16px;color:#212529">
<main><h1 style="font-size:24px">${checkout ? 'Checkout' : 'Billing portal'}</h1>
<p style="color:#495057">Local billing: no card is charged (no Stripe key is configured).</p>
${what}
<form method="post" action="/api/billing/local/${session.k}">
<input type="hidden" name="token" value="${escape(token)}">${actions}</form></main></body></html>`;
}
