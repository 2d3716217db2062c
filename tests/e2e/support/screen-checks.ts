import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The app's own routes a signed-in page offers in its navigation (dashboard side menu and header). */
export async function menuRoutes(page: Page): Promise<string[]> {
  const paths = await page.$$eval('nav a[href]', (links) => links
    .filter((a) => (a as HTMLAnchorElement).origin === location.origin && a.getAttribute('target') !== '_blank')
    .map((a) => (a as HTMLAnchorElement).pathname));
  return [...new Set(paths)];
}

/** A route as part of a file name: '/dashboard/profile/education' -> 'dashboard-profile-education'. */
export const routeSlug = (path: string): string => path.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';

/** Widths that overflow: the document, and every grid scroll area. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > window.innerWidth) found.push(`document ${doc.scrollWidth} > ${window.innerWidth}`);
    document.querySelectorAll('.data-grid__scroll').forEach((el, i) => {
      if (el.scrollWidth > el.clientWidth) found.push(`grid ${i + 1}: ${el.scrollWidth} > ${el.clientWidth}`);
    });
    return found;
  });
}

/** Row actions of each grid's first row that are not wholly inside the window. */
async function actionsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    document.querySelectorAll('.data-grid').forEach((grid) => {
      const row = grid.querySelector('tbody tr');
      row?.querySelectorAll('.data-grid__actions button').forEach((b) => {
        const r = b.getBoundingClientRect();
        if (r.left < 0 || r.right > window.innerWidth) out.push(`${b.textContent ?? ''} at ${Math.round(r.left)}-${Math.round(r.right)}`);
      });
    });
    return out;
  });
}

/**
 * Layout and structure of one screen: no sideways scrolling, one h1, and (wide) row actions in view.
 * Soft: a sweep reports every screen's problems in one run.
 */
export async function expectSoundLayout(page: Page, label: string, wide: boolean): Promise<void> {
  expect.soft(await overflows(page), `overflow on ${label}`).toEqual([]);
  expect.soft(await page.locator('h1').count(), `h1 count on ${label}`).toBe(1);
  if (wide) expect.soft(await actionsOutOfView(page), `row actions out of view on ${label}`).toEqual([]);
}
