import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, expect, vi } from 'vitest';
import { PROJECT_ROOT } from '../../../server/config.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const SCREENSHOTS = join(PROJECT_ROOT, 'test-results', 'screenshots');

/**
 * A browser test walks a person through several screens with axe at each: 20-30 s on an idle
 * machine, more while the other test files load both cores. Every file that drives Chromium
 * imports this module, so they all get the same allowance per test.
 */
const BROWSER_TEST_TIMEOUT = 120_000;
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

if (!HAS_CHROMIUM) console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium). .ci/run always runs them.`);

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** every Content-Security-Policy violation any page of the browser reported, one line each */
  cspViolations: string[];
  /** closes the browser; fails the test when a page broke the Content-Security-Policy */
  close: () => Promise<void>;
}

const violationsOf = new WeakMap<BrowserContext, string[]>();
/** the open browsers' contexts, each with its recent console errors and failed requests */
const openContexts = new Map<BrowserContext, string[]>();
const RECENT_EVENTS = 30;

/** Keeps the context's last console errors, failed requests and answers of 400 or more. */
function recordTrouble(context: BrowserContext): string[] {
  const events: string[] = [];
  const note = (line: string) => { events.push(`${new Date().toISOString().slice(11, 23)} ${line}`); if (events.length > RECENT_EVENTS) events.shift(); };
  const onPage = (page: Page) => {
    page.on('console', (m) => { if (m.type() === 'error') note(`console: ${m.text().slice(0, 300)}`); });
    page.on('requestfailed', (r) => note(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('response', (r) => { if (r.status() >= 400) note(`${r.status()}: ${r.request().method()} ${r.url()}`); });
  };
  context.pages().forEach(onPage);
  context.on('page', onPage);
  return events;
}

// a failed browser test leaves what its pages showed: a screenshot, the address, the text, and
// the recent console errors and failed requests, so a failure seen once in CI can be read
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  let n = 0;
  for (const [context, events] of openContexts) {
    for (const page of context.pages()) {
      n += 1;
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `failed-${name}-${n}.png`), fullPage: true, timeout: 5_000 }).catch(() => undefined);
      const text = await page.locator('body').innerText({ timeout: 2_000 }).catch(() => '(no text)');
      console.error(`page ${n} at the failure: ${page.url()}\n${text.slice(0, 1_500)}\nrecent trouble:\n${events.join('\n') || '(none)'}`);
    }
  }
});

/**
 * Records every Content-Security-Policy violation of the context's pages: the page's
 * `securitypolicyviolation` events (through a binding, installed before any script of the page)
 * and the console errors the browser writes for them.
 */
export async function watchContentSecurityPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  violationsOf.set(context, violations);
  await context.exposeBinding('__reportCspViolation', (_source, line: string) => { violations.push(line); });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.documentURI} (${e.sourceFile}:${e.lineNumber}:${e.columnNumber}) ${e.sample}`);
    });
  });
  const onPage = (page: Page) => page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  context.pages().forEach(onPage);
  context.on('page', onPage);
  return violations;
}

/** Debian's Chromium, headless, with a fresh profile and no background network traffic. */
export async function openBrowser(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), 'registry-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    acceptDownloads: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  context.setDefaultTimeout(15_000);
  const cspViolations = await watchContentSecurityPolicy(context);
  openContexts.set(context, recordTrouble(context));
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context, page, cspViolations,
    close: async () => {
      openContexts.delete(context);
      await context.close();
      rmSync(dir, { recursive: true, force: true });
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
  };
}

/** axe's findings on the page (WCAG 2.1 A/AA and best practices), any impact, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // an embedded PDF viewer may keep the network busy: scan after a quiet moment or the wait, whichever first
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.locator('[role="status"]:text("Loading…")').waitFor({ state: 'detached' }).catch(() => undefined);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Scans the page with axe (WCAG 2.1 A/AA and best practices) and fails on a violation of any impact. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${label}`).toEqual([]);
  expect(violationsOf.get(page.context()) ?? [], `Content-Security-Policy violations by ${label}`).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // a full-page capture waits for the page to settle: with both cores busy it has taken over the 15 s default
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, timeout: 60_000 });
}

/** A screen at 1280 and at 390 px: axe at both, a screenshot of each, and no sideways scrolling at 390. */
export async function bothWidths(page: Page, name: string): Promise<void> {
  await expectAccessible(page, `${name} at 1280 px`);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await screenshot(page, `${name}-390`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scrolling on ${name} at 390 px`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name} at 390 px`);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
}
