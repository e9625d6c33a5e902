// Drawing a report page in Chromium (CHROMIUM_PATH) at print quality: the SPA's render page is
// opened at 1440 px wide with two device pixels per CSS pixel, and read once the page says every
// visual has answered (`data-render-state` on its root, set by the page on the visuals' answers,
// never a timer): a full-page PNG, or a one-page vector PDF of the same layout (text stays text).
import { access } from 'node:fs/promises';
import { ReportExportErrorType, type PageExportFormat } from '@maya/contracts';
import { AppError } from '../../../platform/errors';

export type PageRenderer = {
  render(url: string, format: PageExportFormat): Promise<Buffer>;
};

export type ChromiumOptions = {
  /** The browser's executable; null: exports answer 503 render_unavailable. */
  executablePath: string | null;
  /** How long a page may take to draw every visual. */
  timeoutMs?: number;
  /** Browsers drawing at once in this process; the others wait their turn. */
  concurrency?: number;
};

const WIDTH = 1440;
const HEIGHT = 900;
const DEFAULT_TIMEOUT_MS = 60_000;
/** The render page's root says `ready` or `failed` (apps/web features/reports/exports/RenderPage). */
const SETTLED = '[data-render-state="ready"], [data-render-state="failed"]';

export const renderUnavailable = (why: string) =>
  new AppError(503, ReportExportErrorType.renderUnavailable, {
    message: `Exports are not available on this server: ${why}`,
  });

const renderTimeout = () =>
  new AppError(504, ReportExportErrorType.renderTimeout, {
    message: 'The page took too long to draw. Narrow the filters and try again.',
  });

/** At most `limit` at once; the others wait in order. */
function gate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export function createChromiumRenderer(options: ChromiumOptions): PageRenderer {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const turn = gate(options.concurrency ?? 2);

  async function draw(url: string, format: PageExportFormat): Promise<Buffer> {
    const executablePath = options.executablePath;
    if (executablePath === null) throw renderUnavailable('CHROMIUM_PATH is not set');
    await access(executablePath).catch(() => {
      throw renderUnavailable(`there is no browser at ${executablePath}`);
    });
    // Loaded on the first export only: most processes never draw a page.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
    try {
      const context = await browser.newContext({
        viewport: { width: WIDTH, height: HEIGHT },
        deviceScaleFactor: 2,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout });
      const root = await page.waitForSelector(SETTLED, { timeout }).catch(() => null);
      if (root === null) throw renderTimeout();
      if ((await root.getAttribute('data-render-state')) === 'failed') {
        throw new AppError(502, ReportExportErrorType.renderFailed, {
          message: (await root.getAttribute('data-render-error')) ?? 'The page could not be drawn.',
        });
      }
      if (format === 'png') return await page.screenshot({ fullPage: true, type: 'png' });
      await page.emulateMedia({ media: 'screen' });
      type Page = { document: { documentElement: { scrollHeight: number } } };
      const height = await page.evaluate(
        () => (globalThis as unknown as Page).document.documentElement.scrollHeight,
      );
      return await page.pdf({
        width: `${WIDTH}px`,
        height: `${height + 1}px`,
        printBackground: true,
        pageRanges: '1',
      });
    } finally {
      await browser.close();
    }
  }

  return { render: (url, format) => turn(() => draw(url, format)) };
}
