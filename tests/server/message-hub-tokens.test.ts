import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSessions } from '../../server/domain/sessions/session-generation.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

interface RawSocket { send: (text: string) => void; close: () => void; on: (event: string, fn: (data: Buffer) => void) => void }

let t: TestApp;
beforeAll(async () => { t = await startTestApp('tn'); });
afterAll(async () => { await t.close(); });

/** A hub socket opened with the token, before its handshake: what it hears, and whether it closed. */
async function openSocket(token: string) {
  const ws = (await t.app.injectWS(`/message-hub?access_token=${encodeURIComponent(token)}`)) as RawSocket;
  const heard: string[] = [];
  let isClosed = false;
  ws.on('message', (d: Buffer) => heard.push(...String(d).split('\u001e').filter(Boolean)));
  ws.on('close', () => { isClosed = true; });
  return { ws, heard, closed: () => isClosed };
}

const handshakeAndJoin = (userId: number) => `{"protocol":"json","version":1}\u001e{"type":1,"invocationId":"1","target":"JoinUserGroup","arguments":[${userId}]}\u001e`;

async function sendTo(person: TestUser, subject: string): Promise<void> {
  const sender = await t.user(['100'], 'Sender');
  expect((await t.post('/api/message/send', { subject, body: `<p>${subject}</p>`, recipients: [{ id: person.id }] }, sender.token)).statusCode).toBe(200);
}

describe('the hub serves a token only while it opens a session', () => {
  it('closes a socket whose token was logged out before its handshake, and it hears nothing', async () => {
    const dora = await t.user(['100'], 'Dora');
    const socket = await openSocket(dora.token);
    expect((await t.post('/api/auth/logout', {}, dora.token)).statusCode).toBe(204);
    await expect.poll(socket.closed).toBe(true);
    await sendTo(dora, 'after logout');
    expect(socket.heard.join('')).not.toContain('after logout');
  });

  it('closes a socket whose sessions ended before its handshake', async () => {
    const eve = await t.user(['100'], 'Eve');
    const socket = await openSocket(eve.token);
    await t.app.ctx.db.knex.transaction((trx) => endSessions(trx, t.app.ctx, eve.id, 'locked', null));
    await expect.poll(socket.closed).toBe(true);
    await sendTo(eve, 'after the end');
    expect(socket.heard.join('')).not.toContain('after the end');
  });

  it('closes a joined connection when its token expires, allowing the client to reconnect with a fresh one', async () => {
    const fay = await t.user(['100'], 'Fay');
    const short = t.app.jwt.sign({ id: fay.id, roles: ['100'], activeRole: '100', permissions: [], gen: 0, jti: randomUUID() }, { expiresIn: 2 });
    const socket = await openSocket(short);
    socket.ws.send(handshakeAndJoin(fay.id));
    await expect.poll(() => socket.heard.some((m) => m.includes('"invocationId":"1"'))).toBe(true);
    await expect.poll(socket.closed, { timeout: 5000 }).toBe(true);
    const close = socket.heard.map((m) => JSON.parse(m) as { type?: number; allowReconnect?: boolean }).find((m) => m.type === 7);
    expect(close?.allowReconnect).toBe(true);
    await sendTo(fay, 'after expiry');
    expect(socket.heard.join('')).not.toContain('after expiry');
  });
});
