// The sandbox DataForSEO SERP API v3 (api.dataforseo.com/v3/serp/google/organic/live/advanced),
// offline: a deterministic results page per keyword, location and month. A handful of competing
// domains (SANDBOX_SERP_COMPETITORS) share the first page with the sandbox's own property
// (example.com) and a long tail; each has a strength of its own, so the same domains lead month
// after month while positions move a little, and a few buy ads. HTTP Basic with the sandbox
// account; errors in DataForSEO's envelope (`status_code` 4xxxx, `status_message`).
import type { FastifyPluginAsync } from 'fastify';
import { DATAFORSEO_API_VERSION } from '../../core/api-versions';
import { SandboxApiError, installSandboxApi, type ApiErrorKind } from '../../sandbox/apis/api';
import type { SandboxApiPluginOptions } from '../../sandbox/apis/types';

/** Where the sandbox DataForSEO API is mounted (sandboxEndpoints().dataforseo). */
export const DATAFORSEO_SANDBOX_PREFIX = '/sandbox/dataforseo';
/** The account the sandbox accepts (the server's default DATAFORSEO_LOGIN/PASSWORD outside production). */
export const DATAFORSEO_SANDBOX_CREDENTIALS = { login: 'sandbox@maya.example', password: 'sandbox-serp' };
/** What one live advanced SERP (10 results) costs, in US dollars. */
export const SANDBOX_SERP_COST = 0.002;

/** The domains competing with the sandbox's own property, the strongest first; `ads`: how often they buy ads. */
export const SANDBOX_SERP_COMPETITORS = [
  { domain: 'trailfox.example', strength: 0.9, ads: 0.6 },
  { domain: 'peakgear.example', strength: 0.75, ads: 0.8 },
  { domain: 'alpineoutlet.example', strength: 0.6, ads: 0.4 },
  { domain: 'summitshop.example', strength: 0.45, ads: 0.2 },
] as const;
/** The sandbox Search Console property's domain. */
export const SANDBOX_SERP_OWN_DOMAIN = 'example.com';
const OWN = { domain: SANDBOX_SERP_OWN_DOMAIN, strength: 0.7, ads: 0.3 };

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
const unit = (text: string) => hash(text) / 0x1_0000_0000;

type Placed = { domain: string; score: number };

/** The organic and paid domains of a keyword's page in a location and month, best first. */
export function sandboxSerp(keyword: string, location: number, month: string) {
  const key = `${keyword.toLowerCase()}#${location}`;
  const contenders: Placed[] = [...SANDBOX_SERP_COMPETITORS, OWN]
    // Not every domain ranks for every term.
    .filter((d) => unit(`${key}#${d.domain}#ranks`) < 0.55 + d.strength / 2)
    .map((d) => ({
      domain: d.domain,
      score:
        d.strength *
        (0.7 + 0.6 * unit(`${key}#${d.domain}`)) *
        (0.9 + 0.2 * unit(`${key}#${d.domain}#${month}`)),
    }));
  const tail: Placed[] = Array.from({ length: 10 }, (_, i) => ({
    domain: `${['guide', 'forum', 'reviews', 'wiki', 'news'][hash(`${key}#${i}`) % 5]}${hash(`${key}#tail${i}`) % 40}.example`,
    score: 0.5 * unit(`${key}#tail#${i}#${month}`),
  }));
  const organic = [...contenders, ...tail]
    .sort((a, b) => b.score - a.score || a.domain.localeCompare(b.domain))
    .filter((d, i, all) => all.findIndex((o) => o.domain === d.domain) === i)
    .slice(0, 10)
    .map((d) => d.domain);
  const paid = [...SANDBOX_SERP_COMPETITORS, OWN]
    .filter((d) => unit(`${key}#${d.domain}#ads#${month}`) < d.ads)
    .map((d) => d.domain)
    .slice(0, 4);
  return { organic, paid };
}

const STATUS: Record<ApiErrorKind, number> = {
  unauthenticated: 40100,
  rate_limited: 40202,
  server_error: 50000,
  permission_denied: 40104,
  not_found: 40400,
  invalid_argument: 40501,
};

const envelope = (code: number, message: string, tasks: unknown[], cost = 0) => ({
  version: '0.1.20261120',
  status_code: code,
  status_message: message,
  time: '0.1000 sec.',
  cost,
  tasks_count: tasks.length,
  tasks_error: code === 20000 ? 0 : tasks.length,
  tasks,
});

type Task = { keyword?: unknown; location_code?: unknown; language_code?: unknown; depth?: unknown };

export const dataforseoSandbox: FastifyPluginAsync<SandboxApiPluginOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  installSandboxApi(app, {
    faults: options.faults,
    render: (kind, message) => envelope(STATUS[kind], message, []),
    store: null,
  });
  const basic = `Basic ${Buffer.from(`${DATAFORSEO_SANDBOX_CREDENTIALS.login}:${DATAFORSEO_SANDBOX_CREDENTIALS.password}`).toString('base64')}`;

  app.post<{ Params: { version: string }; Body: unknown }>(
    '/:version/serp/google/organic/live/advanced',
    async (request) => {
      if (request.params.version !== DATAFORSEO_API_VERSION) {
        throw new SandboxApiError('not_found', 'Not Found.');
      }
      if (request.headers.authorization !== basic) {
        throw new SandboxApiError('unauthenticated', 'You are not authorized to access this resource.', 401);
      }
      const tasks = request.body;
      if (!Array.isArray(tasks) || tasks.length !== 1) {
        throw new SandboxApiError(
          'invalid_argument',
          'Invalid Field: each Live SERP API call can contain only one task.',
          200,
        );
      }
      const task = tasks[0] as Task;
      const id = `11291${String(hash(JSON.stringify(task))).padStart(10, '0')}`;
      const refuse = (message: string) =>
        envelope(20000, 'Ok.', [
          {
            id,
            status_code: 40501,
            status_message: message,
            time: '0 sec.',
            cost: 0,
            result_count: 0,
            data: task,
            result: null,
          },
        ]);
      if (typeof task.keyword !== 'string' || task.keyword.trim() === '' || task.keyword.length > 700) {
        return refuse("Invalid Field: 'keyword'.");
      }
      if (typeof task.location_code !== 'number' || !Number.isInteger(task.location_code)) {
        return refuse("Invalid Field: 'location_code'.");
      }
      if (typeof task.language_code !== 'string' || !/^[a-z]{2}$/.test(task.language_code)) {
        return refuse("Invalid Field: 'language_code'.");
      }
      const at = new Date(now());
      const month = at.toISOString().slice(0, 7);
      const { organic, paid } = sandboxSerp(task.keyword, task.location_code, month);
      const item = (type: 'organic' | 'paid', domain: string, rank: number, absolute: number) => ({
        type,
        rank_group: rank,
        rank_absolute: absolute,
        position: 'left',
        xpath: `/html[1]/body[1]/div[${absolute}]`,
        domain: type === 'organic' && rank % 3 === 0 ? `www.${domain}` : domain,
        title: `${task.keyword as string} | ${domain}`,
        url: `https://${domain}/${encodeURIComponent((task.keyword as string).toLowerCase().replace(/\s+/g, '-'))}`,
        description: `Everything about ${task.keyword as string} at ${domain}.`,
      });
      const items = [
        ...paid.map((domain, i) => item('paid', domain, i + 1, i + 1)),
        ...organic.map((domain, i) => item('organic', domain, i + 1, paid.length + i + 1)),
      ];
      const datetime = `${at.toISOString().slice(0, 19).replace('T', ' ')} +00:00`;
      return envelope(
        20000,
        'Ok.',
        [
          {
            id,
            status_code: 20000,
            status_message: 'Ok.',
            time: '2.1 sec.',
            cost: SANDBOX_SERP_COST,
            result_count: 1,
            path: ['v3', 'serp', 'google', 'organic', 'live', 'advanced'],
            data: { api: 'serp', function: 'live', se: 'google', se_type: 'organic', ...task },
            result: [
              {
                keyword: task.keyword,
                type: 'organic',
                se_domain: 'google.com',
                location_code: task.location_code,
                language_code: task.language_code,
                check_url: `https://www.google.com/search?q=${encodeURIComponent(task.keyword)}`,
                datetime,
                item_types: ['paid', 'organic'],
                se_results_count: 1_000_000 + (hash(task.keyword) % 9_000_000),
                items_count: items.length,
                items,
              },
            ],
          },
        ],
        SANDBOX_SERP_COST,
      );
    },
  );
};
