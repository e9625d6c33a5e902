import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';

// axe-core's result types, through the builder (axe-core itself is not a dependency of ours).
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
type NodeResult = Result['nodes'][number];

/** Issue 23: every screen passes WCAG 2.1 AA (levels A and AA of WCAG 2.0 and 2.1)... */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** ...with no violation of these impacts; minor and moderate ones are reported by axe but do not fail. */
const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);
/** How long the DOM must stay unchanged before a page counts as shown (React renders in bursts). */
const QUIET_MS = 400;
/** A page that never stops changing is checked as it is after this long. */
const SETTLE_LIMIT_MS = 10_000;
/** Elements listed per rule in a failure; the count says how many more there are. */
const NODES_SHOWN = 5;

export type PageViolations = { path: string; violations: Result[] };

/**
 * Resolves once the page has stopped changing: the DOM quiet for QUIET_MS and every finite
 * animation or transition (menus and dialogs fading in) finished, so colours are read as they
 * end up, not half-faded. Endless ones (spinners) do not count.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(SETTLED_SCRIPT);
}

/** `settled`'s body, run in the page (a string: the e2e code is compiled without the DOM's types). */
const SETTLED_SCRIPT = `new Promise((resolve) => {
  let quiet;
  const done = () => {
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(limit);
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    Promise.all(finite.map((a) => a.finished.catch(() => undefined))).then(() => resolve());
  };
  const observer = new MutationObserver(() => {
    clearTimeout(quiet);
    quiet = setTimeout(done, ${QUIET_MS});
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  quiet = setTimeout(done, ${QUIET_MS});
  const limit = setTimeout(done, ${SETTLE_LIMIT_MS});
})`;

/** The axe run under way per tab: axe refuses to start while another run is reading the page. */
const running = new WeakMap<Page, Promise<unknown>>();

/** The serious and critical WCAG 2.1 AA violations of the page as it is now. */
export function readViolations(page: Page): Promise<Result[]> {
  const run = (running.get(page) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      // Legacy mode runs axe inside the page: the default mode opens a blank page in the test's
      // context to merge frame results, which a journey waiting for a new tab would take for its own.
      // Only violations are gathered in full: axe otherwise serializes every passing and
      // inapplicable element of the page too (a dashboard's tables and charts: a third of a run).
      const results = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(WCAG_21_AA)
        .setLegacyMode(true)
        .analyze();
      return results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
    });
  running.set(page, run);
  return run;
}

/**
 * Of the violations read, those the page still has once settled again: the elements each rule
 * failed on the first read that fail it on the second. A state that passes in between (a hover
 * transition the journey's pointer started, a toast fading out, a menu half-drawn on a busy
 * machine) is not the page; a real violation stays where it is.
 */
export async function confirmed(page: Page, first: Result[]): Promise<Result[]> {
  if (first.length === 0) return first;
  await settled(page);
  const again = new Map((await readViolations(page)).map((v) => [v.id, v]));
  const key = (node: NodeResult) => node.target.map(String).join(' ');
  return first.flatMap((violation) => {
    const still = new Set(again.get(violation.id)?.nodes.map(key) ?? []);
    const nodes = violation.nodes.filter((node) => still.has(key(node)));
    return nodes.length === 0 ? [] : [{ ...violation, nodes }];
  });
}

/** The serious and critical WCAG 2.1 AA violations of the page as it is once settled. */
export async function accessibilityViolations(page: Page): Promise<Result[]> {
  await settled(page);
  return confirmed(page, await readViolations(page));
}

function describeNode(node: NodeResult): string {
  const target = node.target.map(String).join(' ');
  const why = (node.failureSummary ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^Fix (any|all) of the following:$/.test(line))
    .join(' / ');
  return `      - ${target}\n        ${why}`;
}

/** One block per page, one entry per rule: its impact, what it asks, and the first elements that fail it. */
export function describeViolations(pages: readonly PageViolations[]): string {
  const count = pages.reduce((sum, p) => sum + p.violations.length, 0);
  const lines = [`${count} serious or critical WCAG 2.1 AA violation(s) (axe-core):`];
  for (const { path, violations } of pages) {
    lines.push(`  on ${path}`);
    for (const v of violations) {
      lines.push(`    ${v.id} (${v.impact}, ${v.nodes.length} element(s)): ${v.help} <${v.helpUrl}>`);
      lines.push(...v.nodes.slice(0, NODES_SHOWN).map(describeNode));
      if (v.nodes.length > NODES_SHOWN) lines.push(`      ... and ${v.nodes.length - NODES_SHOWN} more`);
    }
  }
  return lines.join('\n');
}

function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Fails with a readable list when the page, as it is now (a dialog open, a pane shown), has a
 * serious or critical violation. Every page a journey goes to is checked on arrival anyway
 * (`checkEveryPage`); this is for the states a journey opens within a page.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await accessibilityViolations(page);
  if (violations.length > 0) throw new Error(describeViolations([{ path: pathAndQuery(page), violations }]));
}

export type AccessibilityWatch = {
  /**
   * Waits for the checks under way, checks the page each tab shows now if its path was not
   * checked yet, and answers what failed.
   */
  finish(): Promise<PageViolations[]>;
};

type RequestTracker = { busy(): boolean; idle(): Promise<void> };

/** Requests a tab has sent and not yet seen answered: a page still loading is not shown yet. */
function trackRequests(page: Page): RequestTracker {
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    busy: () => inFlight > 0,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}

/**
 * Waits until the tab shows a page, not a loading one: no request pending and the DOM settled,
 * again while settling sent more (a lazy chunk, the next query). A page that never rests (a poll
 * always pending) is read after SETTLE_LIMIT_MS.
 */
async function shown(page: Page, requests: RequestTracker): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  do {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
    await Promise.race([requests.idle(), limit]);
    clearTimeout(timer);
    await settled(page);
  } while (requests.busy() && Date.now() < deadline);
}

/**
 * Checks every page of the app that the context's tabs arrive at, so no journey can forget one:
 * each path (pathname) once, when it has settled after the navigation (no request pending, the DOM
 * quiet). A page left before it settles (a redirect, "Redirecting...") is not checked; another
 * origin (the sandbox's consent pages) neither. The page a tab shows at the end is checked too.
 */
export function checkEveryPage(context: BrowserContext, appOrigin: string): AccessibilityWatch {
  const found: PageViolations[] = [];
  const errors: unknown[] = [];
  const checked = new Set<string>();
  const finishers: (() => Promise<void>)[] = [];

  context.on('page', (page) => {
    const requests = trackRequests(page);
    let queue = Promise.resolve();
    // Bumped by every navigation (history changes included), so a check begun before one is dropped.
    let arrival = 0;
    const current = () => (page.isClosed() ? null : new URL(page.url()));
    const check = (expected: number | null) => {
      const moved = () => expected !== null && expected !== arrival;
      queue = queue.then(async () => {
        const url = current();
        if (moved() || url === null || url.origin !== appOrigin || checked.has(url.pathname)) return;
        try {
          await shown(page, requests);
          const violations = await confirmed(page, await readViolations(page));
          // The page moved on while axe read it: the answer may mix two pages.
          if (moved() || current()?.pathname !== url.pathname) return;
          checked.add(url.pathname);
          if (violations.length > 0) found.push({ path: pathAndQuery(page), violations });
        } catch (error) {
          // A navigation or the end of the test destroyed the page under axe: nothing to report.
          if (moved() || page.isClosed() || /context was destroyed|navigat/i.test(String(error))) return;
          errors.push(error);
        }
      });
    };
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      arrival += 1;
      check(arrival);
    });
    finishers.push(() => {
      check(null);
      return queue;
    });
  });

  return {
    async finish() {
      await Promise.all(finishers.map((finish) => finish()));
      if (errors.length > 0) throw errors[0];
      return found;
    },
  };
}
