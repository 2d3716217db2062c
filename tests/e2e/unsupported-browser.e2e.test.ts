import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { chromium, type Browser as PlaywrightBrowser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config.js';
import { CHROMIUM, expectAccessible, HAS_CHROMIUM, screenshot, watchContentSecurityPolicy } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const IE10 = 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)';
const IE8 = 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)';
const EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WARNING = 'This browser is not supported.';

/** The unsupported-browser script (renderer/public, loaded by index.html before the bundle; no inline script under the CSP). */
function warningScript(): string {
  const html = readFileSync(join(PROJECT_ROOT, 'renderer', 'index.html'), 'utf8');
  expect(html).toContain('<script src="/unsupported-browser.js"></script>');
  expect(html).not.toMatch(/<script>/);
  return readFileSync(join(PROJECT_ROOT, 'renderer', 'public', 'unsupported-browser.js'), 'utf8');
}

describe('the unsupported-browser script of index.html', () => {
  it.each([
    ['Internet Explorer 11', IE11, 'block'],
    ['Internet Explorer 10', IE10, 'block'],
    ['Internet Explorer 8', IE8, 'block'],
    ['Edge', EDGE, 'none'],
    ['Firefox', FIREFOX, 'none'],
    ['Safari', SAFARI, 'none'],
  ])('for %s sets the banner display to %s', (_name, userAgent, display) => {
    const banner = { style: { display: 'none' } };
    const document = { getElementById: (id: string) => (id === 'unsupported-browser' ? banner : null) };
    runInNewContext(warningScript(), { window: { navigator: { userAgent } }, document });
    expect(banner.style.display).toBe(display);
  });

  it('keeps to what Internet Explorer can parse (no ES2015 syntax)', () => {
    const code = warningScript().replace(/\/\*[\s\S]*?\*\//g, '');
    for (const modern of [/\blet\b/, /\bconst\b/, /=>/, /`/, /\.\.\./, /\bclass\b/, /\.includes\(/]) expect(code).not.toMatch(modern);
  });
});

describe.skipIf(!HAS_CHROMIUM)('the unsupported-browser banner in Chromium', () => {
  let app: ServedApp;
  let browser: PlaywrightBrowser;
  beforeAll(async () => {
    app = await serveApp('tn');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each([['Internet Explorer 11', IE11], ['Internet Explorer 10', IE10]])('shows an accessible alert to %s', async (name, userAgent) => {
    const context = await browser.newContext({ userAgent, viewport: { width: 1280, height: 900 } });
    await watchContentSecurityPolicy(context); // expectAccessible fails on a violation
    try {
      const page = await context.newPage();
      expect(await page.evaluate(() => navigator.userAgent)).toBe(userAgent);
      await page.goto(`${app.url}/about`);
      const banner = page.getByRole('alert').filter({ hasText: WARNING });
      await banner.waitFor({ state: 'visible' });
      const text = (await banner.innerText()).replace(/\s+/g, ' ').trim();
      expect(text).toBe('This browser is not supported. Internet Explorer cannot run the registry. Please use a current version of Microsoft Edge, Google Chrome, Mozilla Firefox or Apple Safari.');
      await expectAccessible(page, `unsupported-browser banner (${name})`);
      if (userAgent === IE11) await screenshot(page, 'unsupported-browser');
    } finally {
      await context.close();
    }
  });

  it('does not show it to a current browser, which runs the application', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const csp = await watchContentSecurityPolicy(context);
    try {
      const page = await context.newPage();
      await page.goto(`${app.url}/about`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('About the TN Early Childhood Registry');
      expect(await page.locator('#unsupported-browser').isVisible()).toBe(false);
      expect(await page.getByRole('alert').filter({ hasText: WARNING }).count()).toBe(0);
      expect(csp).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
