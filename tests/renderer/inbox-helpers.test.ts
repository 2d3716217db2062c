import { describe, expect, it } from 'vitest';
import type { Route } from '../../engine/metadata/app-schema.js';
import type { InboxItem } from '../../renderer/screens/inbox/inbox-api.js';
import { itemDate, preview, previewLength } from '../../renderer/screens/inbox/inbox-format.js';
import { replyDraft, replySubject, sentToGroup } from '../../renderer/screens/messages/reply-draft.js';
import { routeHref } from '../../renderer/screens/notifications/stored-route.js';

/** The inbox screens' rules that need no browser (spec part 3 sections 2, 4, 5 and 9). */
const LENGTHS = [{ maxWidth: 992, length: 100 }, { maxWidth: 1400, length: 180 }, { length: 250 }];

const item = (over: Partial<InboxItem> = {}): InboxItem => ({
  id: 1, subject: 'Staff meeting', body: '<p>Hi <strong>all</strong></p>', date: '2026-03-02T15:04:00.000Z', read: false, starred: false, folder: 'Inbox',
  from: { id: 7, name: 'Ann Lee', email: 'ann@x.test' },
  recipients: [{ id: 9, name: 'Me Myself', email: 'me@x.test' }, { id: 8, name: 'Bo Park', email: 'bo@x.test' }],
  route: null, linkText: null, ...over,
});

describe('inbox helpers', () => {
  it.each([[390, 100], [992, 100], [993, 180], [1400, 180], [1401, 250], [2560, 250]])('a %i px window previews %i characters', (width, length) => {
    expect(previewLength(width, LENGTHS)).toBe(length);
  });

  it('cuts a preview at the length with an ellipsis, whitespace folded', () => {
    expect(preview('  one\n two  ', 100)).toBe('one two');
    expect(preview('abcdefghij', 4)).toBe('abcd…');
  });

  it("shows the time for today's items and the date for older ones, in the tenant's time zone (en-US)", () => {
    const now = new Date('2026-03-02T20:00:00.000Z');
    expect(itemDate('2026-03-02T15:04:00.000Z', now, 'America/Chicago')).toBe('9:04 AM');
    expect(itemDate('2026-03-01T15:04:00.000Z', now, 'America/Chicago')).toBe('03/01/2026');
    // 03:00 UTC on the 2nd is still the 1st in Chicago
    expect(itemDate('2026-03-02T03:00:00.000Z', now, 'America/Chicago')).toBe('03/01/2026');
  });

  it("prefixes 'RE: ' once", () => {
    expect(replySubject('Staff meeting', 'RE: ')).toBe('RE: Staff meeting');
    expect(replySubject('RE: Staff meeting', 'RE: ')).toBe('RE: Staff meeting');
    expect(replySubject('re: staff', 'RE: ')).toBe('re: staff');
  });

  it('Reply goes to the sender; Reply All adds the other recipients without oneself; the original is quoted after a header', () => {
    const o = { prefix: 'RE: ', header: 'On 03/02/2026, Ann Lee <ann@x.test> wrote:' };
    const reply = replyDraft(item(), false, 9, o);
    expect(reply).toMatchObject({ reply: true, subject: 'RE: Staff meeting' });
    expect(reply.recipients.map((r) => r.id)).toEqual([7]);
    expect(reply.body).toBe('<p></p><p>On 03/02/2026, Ann Lee &#60;ann@x.test&#62; wrote:</p><p>Hi <strong>all</strong></p>');
    expect(replyDraft(item(), true, 9, o).recipients.map((r) => r.id)).toEqual([7, 8]);
    expect(replyDraft(item({ from: null }), true, 9, o).recipients.map((r) => r.id)).toEqual([8]);
  });

  it("knows a group message by an 'ALL-' recipient", () => {
    expect(sentToGroup(item())).toBe(false);
    expect(sentToGroup(item({ recipients: [{ id: 'ALL-100', name: 'All ECE Professionals', email: '' }] }))).toBe(true);
  });

  it('turns a stored route object into a path of the route metadata, or null', () => {
    const routes: Route[] = [
      { id: 'dashboard', path: '/dashboard' },
      { id: 'organization-requests', path: 'organization-requests', parent: 'dashboard' },
    ];
    expect(routeHref(routes, '{"name":"organization-requests"}')).toBe('/dashboard/organization-requests');
    expect(routeHref(routes, '{"name":"organization-requests","params":{"id":"4"}}')).toBe('/dashboard/organization-requests?id=4');
    for (const bad of [null, '', 'not json', '{"name":"nowhere"}', '[]', '{"params":{}}']) expect(routeHref(routes, bad)).toBeNull();
  });
});
