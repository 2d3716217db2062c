import type { HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { connectHub, nextEvent } from '../support/hub-client.js';

/** The idle status call (SetIdleStatus, docs/decisions.md "Issue 12: badges, toast, live Requests grid and idle status"). */
let t: TestApp;
let anna: TestUser;
let ben: TestUser;
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await startTestApp('tn');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  anna = await t.user(['100'], 'Anna');
  ben = await t.user(['100'], 'Ben');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

afterAll(async () => {
  await t.close();
});

async function joined(user: TestUser): Promise<HubConnection> {
  const c = await connectHub(t.app, () => user.token, { skipNegotiation: true });
  open.push(c);
  await c.invoke('JoinUserGroup', user.id);
  return c;
}

const silent = (c: HubConnection, event: string) => nextEvent(c, event, 300).then(() => 'heard', () => 'silent');

describe('SetIdleStatus on /message-hub', () => {
  it('an idle connection hears new messages but no count changes; reporting active sends the counts it missed, as they are now', async () => {
    const idleTab = await joined(anna);
    const activeTab = await joined(anna);
    await idleTab.invoke('SetIdleStatus', true);

    const received = nextEvent(idleTab, 'MessageReceived');
    const countedElsewhere = nextEvent(activeTab, 'MessageCountChange');
    const heldBack = silent(idleTab, 'MessageCountChange');
    const sent = await t.post('/api/message/send', { subject: 'While away', body: '<p>Hello</p>', recipients: [{ id: anna.id }] }, ben.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await received)[1]).toMatchObject({ subject: 'While away' });
    expect(await countedElsewhere).toEqual([anna.id, 1]);
    expect(await heldBack).toBe('silent');

    const caughtUp = nextEvent(idleTab, 'MessageCountChange');
    const notMissed = silent(idleTab, 'NotificationCountChange');
    await idleTab.invoke('SetIdleStatus', false);
    expect(await caughtUp).toEqual([anna.id, 1]);
    expect(await notMissed).toBe('silent');

    // nothing is held any more: the next change comes at once, once
    const next = nextEvent(idleTab, 'MessageCountChange');
    const { messageId } = (await t.post('/api/message/send', { subject: 'Back', body: '<p>Hi</p>', recipients: [{ id: anna.id }] }, ben.token)).json<{ messageId: number }>();
    expect(await next).toEqual([anna.id, 2]);
    await idleTab.invoke('SetIdleStatus', false);
    expect(await silent(idleTab, 'MessageCountChange')).toBe('silent');
    expect((await t.post('/api/message/action', { action: 'Read', messageIds: [messageId] }, anna.token)).statusCode).toBe(200);
  });

  it('counts held back twice are sent once, and an idle report that is not a boolean is refused and changes nothing', async () => {
    const c = await joined(ben);
    await expect(c.invoke('SetIdleStatus', 'yes')).rejects.toThrow(/arguments/);
    await c.invoke('SetIdleStatus', true);
    await t.app.ctx.live.signal({ kind: 'event', event: 'NotificationCountChange', to: { userIds: [ben.id] } });
    await t.app.ctx.live.signal({ kind: 'event', event: 'NotificationCountChange', to: { userIds: [ben.id] } });
    expect(await silent(c, 'NotificationCountChange')).toBe('silent');
    const heard: unknown[] = [];
    c.on('NotificationCountChange', (...args: unknown[]) => heard.push(args));
    await c.invoke('SetIdleStatus', false);
    await expect.poll(() => heard.length).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([[ben.id, 0]]);
  });
});
