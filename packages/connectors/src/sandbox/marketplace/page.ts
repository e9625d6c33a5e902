// The sandbox marketplace's purchase page: plain server-rendered HTML, no scripts.
import { escapeHtml } from '../html';
import type { MarketplaceOffer } from './store';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f3f2f1;
  font:15px/1.45 "Segoe UI",system-ui,sans-serif;color:#323130}
main{width:min(460px,calc(100vw - 32px));background:#fff;border:1px solid #edebe9;border-radius:8px;padding:32px}
.badge{display:inline-block;margin:0 0 12px;padding:2px 8px;border-radius:10px;background:#fff4ce;color:#8a6100;font-size:12px}
h1{margin:0 0 8px;font-size:22px;font-weight:600}
label{display:grid;gap:4px;margin:0 0 16px}
select,input{padding:8px;border:1px solid #8a8886;border-radius:4px;font:inherit}
.error{padding:8px 12px;border-radius:4px;background:#fde7e9;color:#a80000}
button{padding:8px 20px;border-radius:4px;border:1px solid #0078d4;background:#0078d4;color:#fff;font:inherit;font-weight:600;cursor:pointer}
`;

export function buyPage(input: {
  offer: MarketplaceOffer;
  action: string;
  email: string;
  error: string | null;
}): string {
  const { offer } = input;
  const plans = offer.plans
    .map((p) => `<option value="${escapeHtml(p.planId)}">${escapeHtml(p.displayName)}</option>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`Buy ${offer.name}`)}</title>
<style>${STYLE}</style>
</head>
<body><main>
<p class="badge">Sandbox: not the real Microsoft commercial marketplace</p>
<h1>${escapeHtml(offer.name)}</h1>
<p>Offer <code>${escapeHtml(offer.offerId)}</code> by ${escapeHtml(offer.publisherId)}</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}">
<label>Plan <select name="plan_id">${plans}</select></label>
<label>Microsoft account (the beneficiary) <input type="email" name="email" value="${escapeHtml(input.email)}" required></label>
<button type="submit">Buy</button>
</form>
</main></body>
</html>
`;
}
