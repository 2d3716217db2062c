import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../support/test-app.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/** The hub records a page sent and received over its WebSocket to /message-hub. */
interface HubFrames { sent: string[]; received: string[]; closed: boolean }

function watchHub(page: Page): { frames: HubFrames[] } {
  const watched = { frames: [] as HubFrames[] };
  page.on('websocket', (ws: PageSocket) => {
    if (!ws.url().includes('/message-hub')) return;
    const f: HubFrames = { sent: [], received: [], closed: false };
    watched.frames.push(f);
    ws.on('framesent', (e) => f.sent.push(...String(e.payload).split('\u001e').filter(Boolean)));
    ws.on('framereceived', (e) => f.received.push(...String(e.payload).split('\u001e').filter(Boolean)));
    ws.on('close', () => { f.closed = true; });
  });
  return watched;
}

const invoked = (f: HubFrames | undefined, target: string) => (f?.sent ?? []).some((s) => (JSON.parse(s) as { target?: string }).target === target);

describe.skipIf(!HAS_CHROMIUM)('the browser connection to the real-time hub', () => {
  let browser: Browser;
  let app: ServedApp;
  let pro: TestUser;

  beforeAll(async () => {
    browser = await openBrowser();
    app = await serveApp('tn', { HUB_RECONNECT_SECONDS: '1' });
    pro = await app.user(['100'], 'live');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('joins the person group at sign-in, hears an event, leaves and stops at logout', async () => {
    const { page } = browser;
    const hub = watchHub(page);
    await signInAt(page, app.url, pro.userName);
    await expect.poll(() => invoked(hub.frames[0], 'JoinUserGroup'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => hub.frames[0]!.received.some((r) => r.includes('"type":3')), { timeout: 5000 }).toBe(true);
    await app.app.ctx.live.signal({ kind: 'event', event: 'MessageCountChange', to: { userIds: [pro.id] }, ref: { count: 1 } });
    await expect.poll(() => hub.frames[0]!.received.some((r) => r.includes('MessageCountChange')), { timeout: 1000 }).toBe(true);
    await signOutAt(page, app.url);
    await expect.poll(() => invoked(hub.frames[0], 'LeaveUserGroup'), { timeout: 5000 }).toBe(true);
    await expect.poll(() => hub.frames[0]!.closed, { timeout: 5000 }).toBe(true);
  }, 60_000);

  it("shows 'A network problem occurred. Please refresh your browser.' once the tries give up", async () => {
    const { page } = browser;
    const hub = watchHub(page);
    await signInAt(page, app.url, pro.userName);
    await expect.poll(() => invoked(hub.frames[0], 'JoinUserGroup'), { timeout: 10_000 }).toBe(true);
    await app.app.close();
    const alert = page.getByRole('dialog', { name: 'Warning' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.innerText()).toContain('A network problem occurred. Please refresh your browser.');
    await expectAccessible(page, 'network alert');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await screenshot(page, `network-alert-${width}`);
    }
  }, 60_000);
});
