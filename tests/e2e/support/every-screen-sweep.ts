import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, seedDemo, type DemoLogin } from '../../../server/commands/seed-demo.js';
import { axeViolations, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './browser.js';
import { expectSoundLayout, menuRoutes, routeSlug } from './screen-checks.js';
import { serveApp, type ServedApp } from './served-app.js';
import { signInAt, signOutAt } from './sign-in.js';

/**
 * Issue 9 "Done when": every demo person, in each of their roles, visits every route their menus
 * show, on a phone (390 px) and a laptop (1280 px): no sideways scrolling, one h1, row actions in
 * view, axe with best-practice rules clean; a screenshot of each screen and width.
 */
const DEMO_ROLES = ['100', '200', '250', '300', '350', '375', '400', '500', 'AdminUser'];
/** tn first; a role tn does not have (250) is seen on jh, which keeps every role. */
const TENANTS = ['tn', 'jh'];

interface Demo { app: ServedApp; logins: DemoLogin[] }

/**
 * The sweep at the given widths (two test files, one per width, so the two run side by side);
 * SWEEP_WIDTHS=320,768,1920 runs it at other widths.
 */
export function sweepEveryScreen(defaultWidths: number[]): void {
  const WIDTHS = process.env.SWEEP_WIDTHS ? process.env.SWEEP_WIDTHS.split(',').map(Number) : defaultWidths;
  const demos = new Map<string, Demo>();
  let app: ServedApp;
  const browsers = new Map<number, Browser>();
  /** tenant (served app), active role, route and width already checked */
  const swept = new Set<string>();

  /** The served app, demo data seeded as on a first start, of the first tenant having the role. */
  async function demoFor(role: string): Promise<Demo> {
    for (const tenant of TENANTS) {
      let demo = demos.get(tenant);
      if (!demo) {
        const served = await serveApp(tenant);
        demo = { app: served, logins: await seedDemo(served.app.ctx, { people: 3 }) };
        demos.set(tenant, demo);
      }
      if (demo.logins.some((l) => l.role === role)) return demo;
    }
    throw new Error(`no tenant has role ${role}`);
  }

  /** The header's Menu button shows the navigation on a phone. */
  async function openHeaderMenu(page: Page): Promise<void> {
    await page.locator('.registry-header__bar').waitFor();
    const toggle = page.locator('.registry-menu-toggle');
    if (await toggle.isVisible() && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  /** The roles of the user menu's Switch role list (labels as shown). */
  async function otherRoles(page: Page): Promise<string[]> {
    await openHeaderMenu(page);
    await page.locator('.registry-user-menu > button').click();
    const labels = await page.locator('.registry-user-menu fieldset button').allInnerTexts();
    await page.locator('.registry-user-menu > button').click();
    return labels.map((l) => l.replace(/\s*\(.*\)$/, '').trim());
  }

  async function switchTo(page: Page, label: string): Promise<void> {
    await openHeaderMenu(page);
    await page.locator('.registry-user-menu > button').click();
    // the button shows the role with its organization count; its accessible name says 'Switch to ...'
    await page.locator('.registry-user-menu fieldset button', { hasText: new RegExp(`^${label}`) }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.locator('.registry-active-role:visible').innerText()).toContain(label);
  }

  /**
   * Every route of the active role's menus, checked and photographed: the dashboard and header menus,
   * then the navigation the visited screens add (the tabs of a tabs screen).
   */
  async function sweepRole(page: Page, roleSlug: string, width: number): Promise<number> {
    await page.locator('nav[aria-label="Dashboard"]').waitFor();
    await openHeaderMenu(page);
    const active = (await page.locator('.registry-active-role:visible').innerText()).trim();
    const routes = await menuRoutes(page);
    for (let i = 0; i < routes.length; i++) {
      const path = routes[i]!;
      // a screen seen in this tenant, active role and width (by another demo person holding the role) is not seen again
      const key = `${app.url} ${active} ${path} ${width}`;
      if (swept.has(key)) continue;
      swept.add(key);
      await page.goto(`${app.url}${path}`);
      await page.locator('h1').first().waitFor();
      for (const more of await menuRoutes(page)) if (!routes.includes(more)) routes.push(more);
      const label = `${roleSlug} ${path} at ${width} px`;
      expect.soft(await axeViolations(page), `axe on ${label}`).toEqual([]);
      await expectSoundLayout(page, label, width >= 1280);
      await screenshot(page, `sweep-${roleSlug}-${routeSlug(path)}-${width}`);
    }
    await page.goto(`${app.url}/dashboard`);
    return routes.length;
  }

  describe.skipIf(!HAS_CHROMIUM)(`every screen of every demo role at ${WIDTHS.join(' and ')} px`, () => {
    beforeAll(async () => {
      await demoFor('100');
      for (const width of WIDTHS) browsers.set(width, await openBrowser({ width, height: 900 }));
    }, 120_000);
    afterAll(async () => {
      for (const b of browsers.values()) await b.close();
      for (const d of demos.values()) await d.app.close();
    });

    it.each(DEMO_ROLES)('role %s', async (role) => {
      const demo = await demoFor(role);
      app = demo.app;
      const login = demo.logins.find((l) => l.role === role);
      for (const width of WIDTHS) {
        const { page } = browsers.get(width)!;
        await signInAt(page, app.url, login!.userName, DEMO_PASSWORD);
        expect(await sweepRole(page, role.toLowerCase(), width)).toBeGreaterThan(0);
        for (const other of await otherRoles(page)) {
          await switchTo(page, other);
          await sweepRole(page, `${role.toLowerCase()}-as-${routeSlug(other.toLowerCase())}`, width);
        }
        await openHeaderMenu(page);
        await signOutAt(page, app.url);
      }
    }, 300_000);
  });
}
