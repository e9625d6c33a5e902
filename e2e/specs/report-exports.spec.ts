// Issue 32, "Sharing the result": a visual exported as CSV, the page as PDF drawn by the server's
// Chromium (its text holds the KPI's value), and the report scheduled and sent: the mail with the
// PDF attached lands in the outbox once the delivery job ran.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Download, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect } from 'vitest';
import { createVerifiedUser, signInBrowser, uniqueEmail, waitForDemoData } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { DashboardPage } from '../pages/DashboardPage';
import { screenshots } from '../support/screenshots';

/** The demo's first loads start with the app (about a minute on a busy machine). */
const LOAD_TIMEOUT_MS = 240_000;
/** A page drawn by the server's Chromium, and a delivery's job (polled every second). */
const RENDER_TIMEOUT_MS = 90_000;

type StoredMail = {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: string }[];
};

async function downloaded(
  page: Page,
  start: () => Promise<void>,
): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: RENDER_TIMEOUT_MS }),
    start(),
  ]);
  const file = await download.path();
  return { download, bytes: await readFile(file) };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** The KPI card's value as the card shows it ('$12,346'): the line of its text that is an amount. */
async function shownValue(dashboard: DashboardPage, label: string): Promise<string> {
  const lines = (await dashboard.kpiText(label)).split('\n').map((line) => line.trim());
  const value = lines.find((line) => /^\D{0,3}\d[\d,.]*\s?[KMB]?$/.test(line));
  if (value === undefined) throw new Error(`no value on the ${label} card: ${lines.join(' | ')}`);
  return value;
}

/** The newest mail to `to` with an attachment, waiting for the delivery job. */
async function deliveredMail(baseUrl: string, to: string, subject: RegExp): Promise<StoredMail> {
  const deadline = Date.now() + RENDER_TIMEOUT_MS;
  for (;;) {
    const { messages } = (await (await fetch(`${baseUrl}/dev/mailbox.json`)).json()) as {
      messages: StoredMail[];
    };
    const mail = messages.find(
      (m) => m.to === to && subject.test(m.subject) && (m.attachments?.length ?? 0) > 0,
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} with an attachment`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const SHOTS_DIR = fileURLToPath(new URL('../artifacts/report-exports/', import.meta.url));

const squeezed = (text: string) => text.replace(/\s+/g, '');

describe('report exports', () => {
  test('the table as CSV, the page as PDF with the KPI in it, and a scheduled delivery in the outbox', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('exports');
    const token = await createVerifiedUser(baseUrl, email);
    const demo = await waitForDemoData(baseUrl, token, LOAD_TIMEOUT_MS);
    await signInBrowser(page, email);
    const dashboard = new DashboardPage(page, demo.slug);
    await dashboard.open('-maya');
    await dashboard.waitForAllVisuals();

    // The campaigns table as CSV: its header and its first row as the table shows them.
    const table = page
      .getByRole('region')
      .filter({ has: page.getByRole('table') })
      .first();
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    // The body's rows: the table's total row is not exported.
    const rowNames = (await table.locator('tbody tr td:first-child').allInnerTexts()).map((c) => c.trim());
    await table.getByRole('button', { name: /: more actions$/ }).click();
    await screenshots(page, 'report-exports', 'visual-menu');
    const csv = await downloaded(page, () => page.getByRole('menuitem', { name: 'Export as CSV' }).click());
    expect(csv.download.suggestedFilename()).toMatch(/^marketing-performance-.*\.csv$/);
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 2)).toEqual(headers.slice(0, 2));
    expect(header.some((h) => /^Spend \([A-Z]{3}\)$/.test(h))).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
    // Every row the table shows is in the export. Not in the same order: the demo's history may
    // still be loading, which can reorder rows between reading the table and the export's query.
    expect(rowNames.length).toBeGreaterThan(0);
    const exported = new Set(lines.slice(1).map((line) => line.split(',')[0]));
    expect(rowNames.filter((name) => !exported.has(name))).toEqual([]);
    // No cell of the export starts as a formula would.
    expect(lines.flatMap((line) => line.split(',')).some((cell) => /^[=+@]/.test(cell))).toBe(false);

    // The page as PDF, drawn by the server: its text holds the Spend KPI's value.
    const spend = await shownValue(dashboard, 'Spend');
    const exportMenu = page.getByRole('toolbar').getByRole('button', { name: 'Export' });
    await exportMenu.click();
    await page.getByRole('menuitem', { name: 'Schedule delivery…' }).waitFor();
    // The open menu owns only its items and labels (no focusable placeholder, no nameless spinner).
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS_DIR}export-menu--1440.png` });
    const pdf = await downloaded(page, () => page.getByRole('menuitem', { name: 'Page as PDF' }).click());
    expect(pdf.download.suggestedFilename()).toBe('marketing-performance-overview.pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.bytes);
    expect(squeezed(text)).toContain(squeezed(spend));
    expect(text).toContain('Marketing Performance');

    // The page as PNG, drawn by the server at print quality: an image wider than the screen.
    await page.getByRole('toolbar').getByRole('button', { name: 'Export' }).click();
    const png = await downloaded(page, () =>
      page.getByRole('menuitem', { name: 'Page as PNG image' }).click(),
    );
    expect(png.download.suggestedFilename()).toBe('marketing-performance-overview.png');
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The IHDR chunk's width and height, big-endian, right after the signature and its header.
    const [width, height] = [png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)];
    expect(width).toBeGreaterThan(1440);
    expect(height).toBeGreaterThan(600);

    // Scheduled weekly to the user, then sent now: the mail carries the PDF and a link back.
    await page.getByRole('toolbar').getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Schedule delivery…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule delivery' });
    await dialog.getByLabel('Name').fill('Monday performance');
    await expect.poll(() => dialog.getByText(email).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await screenshots(page, 'report-exports', 'schedule-dialog');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText('Delivery scheduled').waitFor();
    const scheduled = dialog.getByRole('region', { name: 'Monday performance' });
    await scheduled.waitFor();
    expect(await scheduled.innerText()).toMatch(/Weekly on Monday at 08:00/);
    await scheduled.getByRole('button', { name: 'Send now' }).click();
    const mail = await deliveredMail(baseUrl, email, /^Monday performance - /);
    expect(mail.text).toContain(`/organization/${demo.slug}/dashboard/-maya`);
    const [attachment] = mail.attachments ?? [];
    expect(attachment).toMatchObject({ filename: 'Monday-performance.pdf', contentType: 'application/pdf' });
    const attached = Buffer.from(attachment?.content ?? '', 'base64');
    expect(squeezed(await pdfText(attached))).toContain(squeezed(spend));
    await screenshots(page, 'report-exports', 'schedule-list');

    // The toolbar's menu on a phone: an icon, the same items.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('toolbar').getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Page as PDF' }).waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}export-menu--390.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A bookmark mailed instead of the view on screen: the delivery shows the bookmark's page
    // (Channels), while the screen shows the Overview.
    await dashboard.choosePage('Channels');
    await dashboard.saveBookmark('Channels at a glance');
    await dashboard.activeBookmark('Channels at a glance').waitFor();
    await dashboard.choosePage('Overview');
    await page.getByRole('toolbar').getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Schedule delivery…' }).click();
    await dialog.getByLabel('What to send').click();
    await page.getByRole('option', { name: 'Channels at a glance' }).click();
    expect(await dialog.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Channels at a glance');
    await expectAccessible(page);
    await screenshots(page, 'report-exports', 'schedule-bookmark');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    const bookmarked = dialog.getByRole('region', { name: 'Channels at a glance' });
    await bookmarked.waitFor();
    await bookmarked.getByRole('button', { name: 'Send now' }).click();
    const bookmarkMail = await deliveredMail(baseUrl, email, /^Channels at a glance - /);
    const [bookmarkPdf] = bookmarkMail.attachments ?? [];
    expect(bookmarkPdf).toMatchObject({ filename: 'Channels-at-a-glance.pdf' });
    const bookmarkText = await pdfText(Buffer.from(bookmarkPdf?.content ?? '', 'base64'));
    expect(bookmarkText).toContain('Channels by month');
    expect(await pdfText(attached)).not.toContain('Channels by month');
  }, 600_000); // the demo's first loads, then three pages drawn by the server, on a two-core machine
});
