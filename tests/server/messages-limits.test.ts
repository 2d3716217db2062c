import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/* The message calls' limits and folders (a review of issue 12's server): ranges, bodies too long to
 * sanitise in good time, and a message to oneself, which is both in the Inbox and in Sent. */

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await startTestApp('tn');
  ann = await t.user(['100'], 'Ann');
});
afterAll(async () => { await t.close(); });

const total = async (folder: string) => (await t.post('/api/message', { folder, from: 1, to: 5 }, ann.token)).json<{ total: number }>().total;

describe('the message list asks for a range from the first to the last', () => {
  it.each([
    ['the last before the first', { from: 5, to: 1 }],
    ['more than 100 at a time', { from: 1, to: 101 }],
  ])('refuses %s with 400 and says why', async (_label, range) => {
    const res = await t.post('/api/message', { folder: 'Inbox', ...range }, ann.token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Ask for a range of messages from the first to the last, at most 100 at a time.');
  });
});

describe('a body too long to sanitise in good time', () => {
  it('is refused with the length message, and nothing is stored', async () => {
    const ben = await t.user(['100'], 'Ben');
    const before = await t.count('messages');
    const res = await t.post('/api/message/send', { subject: 'Nested', body: '<b>'.repeat(40_001), recipients: [{ id: ben.id }] }, ann.token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('The message body is too long: at most 20000 characters.');
    expect(await t.count('messages')).toBe(before);
  });
});

describe('a message to oneself', () => {
  it('is deleted from the folder shown only: Delete in the Inbox keeps the Sent copy', async () => {
    const sent = await t.post('/api/message/send', { subject: 'Note to self', body: '<p>Remember</p>', recipients: [{ id: ann.id }] }, ann.token);
    expect(sent.statusCode, sent.body).toBe(200);
    const { messageId } = sent.json<{ messageId: number }>();
    const [inbox, outbox] = [await total('Inbox'), await total('Sent')];
    const res = await t.post('/api/message/action', { action: 'Delete', messageIds: [messageId], folder: 'Inbox' }, ann.token);
    expect(res.json()).toEqual({ action: 'Delete', changed: 1 });
    expect([await total('Inbox'), await total('Sent')]).toEqual([inbox - 1, outbox]);
  });

  it('answers 404 and changes nothing for a message not in the folder named', async () => {
    const sent = await t.post('/api/message/send', { subject: 'Only sent', body: '<p>x</p>', recipients: [{ id: (await t.user(['100'], 'Cal')).id }] }, ann.token);
    const { messageId } = sent.json<{ messageId: number }>();
    const res = await t.post('/api/message/action', { action: 'Delete', messageIds: [messageId], folder: 'Inbox' }, ann.token);
    expect(res.statusCode).toBe(404);
    expect((await t.post('/api/message', { folder: 'Sent', from: 1, to: 5 }, ann.token)).json<{ messages: { messageId: number }[] }>().messages.map((m) => m.messageId)).toContain(messageId);
  });
});
