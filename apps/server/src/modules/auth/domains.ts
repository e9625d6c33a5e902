import type { CheckEmailDomainResponse } from '@maya/contracts';

/** Mail providers whose domain says nothing about the company (sign-up prefill, spec 000 §4). */
const FREE_PROVIDERS = new Set(
  `gmail.com googlemail.com yahoo.com yahoo.co.uk ymail.com outlook.com hotmail.com hotmail.co.uk live.com msn.com
icloud.com me.com mac.com aol.com proton.me protonmail.com pm.me gmx.com gmx.de gmx.net web.de mail.com zoho.com
yandex.com yandex.ru mail.ru fastmail.com hey.com tutanota.com qq.com 163.com naver.com libero.it orange.fr free.fr`
    .split(/\s+/)
    .filter(Boolean),
);

/** Second-level labels under which companies register (acme.co.uk, acme.com.au). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc']);

export function companyFromDomain(domain: string): CheckEmailDomainResponse {
  const normalised = domain.toLowerCase();
  if (FREE_PROVIDERS.has(normalised))
    return { domain: normalised, is_free_email_provider: true, company_name: null };
  const labels = normalised.split('.');
  const tld = labels.pop();
  if (labels.length > 1 && tld?.length === 2 && SECOND_LEVEL.has(labels.at(-1) ?? '')) labels.pop();
  const name = labels.at(-1) ?? '';
  const company = name
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return { domain: normalised, is_free_email_provider: false, company_name: company || null };
}
