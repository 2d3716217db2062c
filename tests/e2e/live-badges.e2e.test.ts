import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployment, addOrganization, personWith, TITLE, type Person } from '../support/employment.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { gridRow } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * Issue 12 in the shell: the header's unread badges updated live, the notification toast, the
 * Requests grid reloaded by RolePromotionActionReceived, and the idle status call. Two people in
 * two browsers; the other people act through the API.
 */

/** What a page invoked on the hub and whether the hub answered JoinUserGroup, per WebSocket. */
interface HubWatch { invoked: { target: string; arguments: unknown[] }[]; joined: boolean }

function watchHub(page: Page): HubWatch[] {
  const sockets: HubWatch[] = [];
  page.on('websocket', (ws: PageSocket) => {
    if (!ws.url().includes('/message-hub')) return;
    const w: HubWatch = { invoked: [], joined: false };
    const joinIds = new Set<string>();
    sockets.push(w);
    ws.on('framesent', (e) => {
      for (const r of String(e.payload).split('\u001e').filter(Boolean)) {
        const m = JSON.parse(r) as { type?: number; target?: string; invocationId?: string; arguments?: unknown[] };
        if (m.type !== 1 || !m.target) continue;
        w.invoked.push({ target: m.target, arguments: m.arguments ?? [] });
        if (m.target === 'JoinUserGroup' && m.invocationId) joinIds.add(m.invocationId);
      }
    });
    ws.on('framereceived', (e) => {
      for (const r of String(e.payload).split('\u001e').filter(Boolean)) {
        const m = JSON.parse(r) as { type?: number; invocationId?: string; error?: string };
        if (m.type === 3 && m.invocationId && joinIds.has(m.invocationId) && !m.error) w.joined = true;
      }
    });
  });
  return sockets;
}

/** Waits until the page's newest hub connection has joined the person's group. */
async function joinedHub(sockets: HubWatch[]): Promise<void> {
  await expect.poll(() => sockets.at(-1)?.joined ?? false, { timeout: 15_000 }).toBe(true);
}

/** Marks the document: the mark is still there when nothing reloaded the page. */
const markPage = (page: Page) => page.evaluate(() => { (window as unknown as { liveMark: boolean }).liveMark = true; });
const notReloaded = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);

const header = (page: Page) => page.getByRole('banner');
const badgeLink = (page: Page, name: string) => header(page).getByRole('link', { name, exact: true });

async function callApi(app: ServedApp, token: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${app.url}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const sendMessage = async (app: ServedApp, from: Person, to: Person, subject: string) =>
  (await callApi(app, from.token, '/message/send', { subject, body: '<p>Hello</p>', recipients: [{ id: to.id, name: to.name, email: to.userName }] }) as { messageId: number }).messageId;

/** A professional asks for the director role at the organization (employment as director, then the request); the events are dispatched. */
async function requestDirectorRole(app: ServedApp, p: Person, organizationId: number): Promise<number> {
  const employmentRecordId = await addEmployment(app, p.token, { agencyId: organizationId, title: TITLE.director });
  const { rolePromotionActionId } = await callApi(app, p.token, '/userorganizationroles/request', { employmentRecordId, requestType: 200 }) as { rolePromotionActionId: number };
  await app.app.ctx.events.dispatchPending();
  return rolePromotionActionId;
}

describe.skipIf(!HAS_CHROMIUM)('live badges, the notification toast and the live Requests grid in two browsers', () => {
  let app: ServedApp;
  let ben: Browser;
  let director: Browser;
  let ann: Person;
  let bert: Person;
  let dana: Person;
  let dee: Person;
  let pat: Person;
  let paul: Person;
  let sam: Person;
  let acorns: number;
  let patRequest: number;

  beforeAll(async () => {
    app = await serveApp('tn');
    acorns = await addOrganization(app, 'Little Acorns Learning Center');
    ann = await personWith(app, 'Ann', [{ role: '100' }]);
    bert = await personWith(app, 'Bert', [{ role: '100' }]);
    dana = await personWith(app, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
    dee = await personWith(app, 'Dee', [{ role: '200', organizationId: acorns }], '200');
    pat = await personWith(app, 'Pat', [{ role: '100' }, { role: '100', organizationId: acorns }]);
    paul = await personWith(app, 'Paul', [{ role: '100' }, { role: '100', organizationId: acorns }]);
    sam = await personWith(app, 'Sam', [{ role: '375' }]);
    ben = await openBrowser();
    director = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await ben?.close();
    await director?.close();
    await app?.close();
  });

  it("a message to B shows on B's Messages badge without a reload; B reading it takes the badge away", async () => {
    const { page } = ben;
    const hub = watchHub(page);
    await signInAt(page, app.url, bert.userName);
    await badgeLink(page, 'Messages').waitFor();
    await badgeLink(page, 'Notifications').waitFor();
    await joinedHub(hub);
    await markPage(page);

    const messageId = await sendMessage(app, ann, bert, 'Lunch on Friday');
    const unread = badgeLink(page, 'Messages, 1 unread');
    await unread.waitFor({ timeout: 5_000 });
    expect(await unread.locator('.registry-live-badge__count').innerText()).toBe('1');
    await notReloaded(page);

    await callApi(app, bert.token, '/message/action', { action: 'Read', messageIds: [messageId] });
    await badgeLink(page, 'Messages').waitFor({ timeout: 5_000 });
    expect(await header(page).locator('.registry-live-badge__count').count()).toBe(0);
    await notReloaded(page);
  }, 60_000);

  it('a role without messaging (375) gets the Notifications link only', async () => {
    const { page } = ben;
    await signOutAt(page, app.url);
    await signInAt(page, app.url, sam.userName);
    await badgeLink(page, 'Notifications').waitFor();
    expect(await header(page).getByRole('link', { name: /^Messages/ }).count()).toBe(0);
  }, 60_000);

  it('a role request raises the toast for the director on the dashboard, the Notifications badge counts it, and the link leads to the notifications page', async () => {
    const { page } = director;
    const hub = watchHub(page);
    await signInAt(page, app.url, dana.userName);
    await badgeLink(page, 'Notifications').waitFor();
    await joinedHub(hub);
    await markPage(page);

    patRequest = await requestDirectorRole(app, pat, acorns);
    const toast = page.getByRole('status').locator('.registry-toast', { hasText: 'Role request from Pat Tester' });
    await toast.waitFor({ timeout: 5_000 });
    expect(await toast.innerText()).toContain('New notification');
    await badgeLink(page, 'Notifications, 1 unread').waitFor({ timeout: 5_000 });
    // the dashboard's work counts follow too
    await page.getByRole('main').getByRole('link', { name: '1 unread notification', exact: true }).waitFor({ timeout: 5_000 });
    await notReloaded(page);

    await expectAccessible(page, 'dashboard with the badges and the notification toast');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `live-badges-toast-${width}`);
    }
    await expectAccessible(page, 'the badges and the toast at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    await toast.getByRole('link', { name: 'View notifications' }).click();
    await page.waitForURL(`${app.url}/dashboard/notifications`);
    await toast.waitFor({ state: 'detached' });
    await notReloaded(page);
  }, 60_000);

  it("the director's Requests grid shows a new request live and reloads when a shown request is approved elsewhere", async () => {
    const { page } = director;
    const hub = watchHub(page);
    await page.goto(`${app.url}/dashboard/organization-requests`);
    await gridRow(page, 'Pat Tester').waitFor();
    await joinedHub(hub);
    await markPage(page);

    await requestDirectorRole(app, paul, acorns);
    await gridRow(page, 'Paul Tester').waitFor({ timeout: 5_000 });

    await callApi(app, dee.token, '/userorganizationroles/requestaction', { rolePromotionActionIds: [patRequest], action: 'Approved', comments: '' });
    await app.app.ctx.events.dispatchPending();
    // the reload shows 'Loading…' first: wait for the page that has Paul's row and not Pat's
    const rowsShown = async () => [await gridRow(page, 'Pat Tester').count(), await gridRow(page, 'Paul Tester').count()];
    await expect.poll(rowsShown, { timeout: 5_000 }).toEqual([0, 1]);
    await notReloaded(page);
    await expectAccessible(page, 'Requests after a live reload');
    await screenshot(page, 'live-requests-grid');
  }, 60_000);
});

describe.skipIf(!HAS_CHROMIUM)('the idle status call (idle 12 s, warning 8 s before it)', () => {
  let app: ServedApp;
  let browser: Browser;
  let ann: Person;
  let ivy: Person;

  beforeAll(async () => {
    app = await serveApp('tn', { SESSION_IDLE_SECONDS: '12', SESSION_WARNING_SECONDS: '8', SESSION_CHECK_SECONDS: '1' });
    ann = await personWith(app, 'Ann', [{ role: '100' }]);
    ivy = await personWith(app, 'Ivy', [{ role: '100' }]);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('going idle reports it to the hub, which holds the badge count back; Stay signed in reports active and the count arrives', async () => {
    const { page } = browser;
    const hub = watchHub(page);
    await signInAt(page, app.url, ivy.userName);
    await badgeLink(page, 'Messages').waitFor();
    await joinedHub(hub);
    const idleCalls = () => hub.at(-1)!.invoked.filter((i) => i.target === 'SetIdleStatus').map((i) => i.arguments[0]);

    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await warning.waitFor({ timeout: 10_000 });
    await expect.poll(idleCalls, { timeout: 3_000 }).toEqual([true]);
    await sendMessage(app, ann, ivy, 'While you were away');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await badgeLink(page, 'Messages').count()).toBe(1);

    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(idleCalls, { timeout: 3_000 }).toEqual([true, false]);
    await badgeLink(page, 'Messages, 1 unread').waitFor({ timeout: 5_000 });
  }, 60_000);
});
