// The consent page and the error page, plain server-rendered HTML without scripts.
import type { PendingConsent } from './store';
import type { SandboxAccount } from './types';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f4;
  font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#202124}
main{width:min(440px,calc(100vw - 32px));background:#fff;border:1px solid #dadce0;border-radius:12px;padding:32px}
.badge{display:inline-block;margin:0 0 12px;padding:2px 8px;border-radius:10px;background:#fef7e0;color:#8a6100;font-size:12px}
h1{margin:0 0 8px;font-size:22px;font-weight:500}
p{margin:0 0 16px}
.scopes{color:#5f6368;font-size:13px}
.error{padding:8px 12px;border-radius:6px;background:#fce8e6;color:#a50e0e}
fieldset{margin:0 0 20px;padding:0;border:0}
legend{margin-bottom:8px;font-weight:500}
.account{display:flex;gap:10px;align-items:center;padding:10px 12px;border:1px solid #dadce0;border-radius:8px;margin-bottom:8px;cursor:pointer}
.account small{display:block;color:#5f6368}
.other{display:grid;gap:8px;margin:4px 0 0 32px}
.other input[type=email],.other input[type=text]{width:100%;padding:8px;border:1px solid #dadce0;border-radius:6px;font:inherit}
.actions{display:flex;flex-direction:row-reverse;justify-content:flex-start;gap:8px}
button{padding:8px 20px;border-radius:6px;border:1px solid #dadce0;background:#fff;color:#1a73e8;font:inherit;font-weight:500;cursor:pointer}
button.primary{background:#1a73e8;border-color:#1a73e8;color:#fff}
`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
<p class="badge">Sandbox: not the real service</p>
${body}
</main></body>
</html>
`;
}

export type ConsentPageInput = {
  providerName: string;
  appName: string;
  requestId: string;
  consent: PendingConsent;
  /** Absolute URL the form posts to. */
  action: string;
  /** Shown next to each account (Microsoft: the tenant name). */
  accountNote: (account: SandboxAccount) => string | null;
  /** Offer an "email verified" checkbox for a typed-in account (Google). */
  askEmailVerified: boolean;
  error: string | null;
};

export function consentPage(input: ConsentPageInput): string {
  const { consent } = input;
  const hinted = consent.accounts.find((a) => a.email === consent.loginHint?.toLowerCase());
  const checkedKey = (hinted ?? consent.accounts[0])?.key ?? 'other';
  const radio = (value: string, label: string, note: string | null) => `
<label class="account"><input type="radio" name="account" value="${escapeHtml(value)}"${value === checkedKey ? ' checked' : ''}>
<span>${label}${note ? `<small>${escapeHtml(note)}</small>` : ''}</span></label>`;
  const accounts = consent.accounts
    .map((a) =>
      radio(a.key, `${escapeHtml(a.name)}<small>${escapeHtml(a.email)}</small>`, input.accountNote(a)),
    )
    .join('');
  const verified = input.askEmailVerified
    ? '<label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>'
    : '';
  return page(
    `Sign in with ${input.providerName}`,
    `<h1>Sign in with ${escapeHtml(input.providerName)}</h1>
<p><strong>${escapeHtml(input.appName)}</strong> wants to access your ${escapeHtml(input.providerName)} account.</p>
<p class="scopes">Requested: ${consent.scopes.map(escapeHtml).join(', ')}</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
<fieldset><legend>Choose an account</legend>${accounts}
${radio('other', 'Use another account', null)}
<div class="other">
<input type="email" name="email" placeholder="Email" aria-label="Email" autocomplete="off">
<input type="text" name="name" placeholder="Name (optional)" aria-label="Name" autocomplete="off">
${verified}
</div></fieldset>
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
  );
}

export function errorPage(providerName: string, error: string, description: string): string {
  return page(
    `${providerName}: ${error}`,
    `<h1>Error 400: ${escapeHtml(error)}</h1>
<p>${escapeHtml(description)}</p>
<p class="scopes">Nothing was sent back to the application.</p>`,
  );
}
