import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../server/events/domain-event.js';
import { MAX_EVENT_ATTEMPTS, publishEvent } from '../../server/events/event-bus.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp('tn'); });
afterAll(async () => { await t.close(); });

const requested = (requestId: number) => ({ type: 'role.requested' as const, actorId: 1, payload: { requestId, userId: 1, organizationId: 2, employmentRecordId: 3, role: '100' } });

describe('domain events: one publisher, subscribers at least once', () => {
  it('hands a committed event to its subscribers in order, once', async () => {
    const seen: PublishedEvent[] = [];
    const all: string[] = [];
    const off = t.app.ctx.events.subscribe('role.requested', (e) => { seen.push(e); });
    const offAll = t.app.ctx.events.subscribe('*', (e) => { all.push(e.type); });
    await t.database.db.knex.transaction(async (trx) => {
      await publishEvent(trx, requested(1));
      await publishEvent(trx, { type: 'role.removed', actorId: 1, payload: { userId: 1, organizationId: 2, role: '100', endDate: '2026-11-01', removedBy: 1 } });
    });
    expect(await t.app.ctx.events.dispatchPending()).toBe(2);
    expect(seen.map((e) => e.payload)).toEqual([requested(1).payload]);
    expect(seen[0]).toMatchObject({ type: 'role.requested', actorId: 1 });
    expect(all).toEqual(['role.requested', 'role.removed']);
    expect(await t.app.ctx.events.dispatchPending()).toBe(0);
    off(); offAll();
  });

  it('writes nothing when the transaction rolls back', async () => {
    const before = await t.count('domain_events');
    await expect(t.database.db.knex.transaction(async (trx) => {
      await publishEvent(trx, requested(2));
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    expect(await t.count('domain_events')).toBe(before);
  });

  it('hands an event over again after a subscriber fails, and gives up after the last attempt', async () => {
    let calls = 0;
    const off = t.app.ctx.events.subscribe('role.requested', () => { calls += 1; if (calls === 1) throw new Error('subscriber down'); });
    await t.database.db.knex.transaction(async (trx) => { await publishEvent(trx, requested(3)); });
    expect(await t.app.ctx.events.dispatchPending()).toBe(0);
    const row = await t.database.db.knex('domain_events').orderBy('id', 'desc').first() as { id: number; attempts: number; last_error: string; dispatched_at: string | null };
    expect(row).toMatchObject({ attempts: 1, last_error: 'subscriber down', dispatched_at: null });
    await t.database.db.knex('domain_events').where({ id: row.id }).update({ next_attempt_at: new Date(0).toISOString() });
    expect(await t.app.ctx.events.dispatchPending()).toBe(1);
    expect(calls).toBe(2);
    off();

    const stuck = t.app.ctx.events.subscribe('role.requested', () => { throw new Error('always down'); });
    await t.database.db.knex.transaction(async (trx) => { await publishEvent(trx, requested(4)); });
    const last = await t.database.db.knex('domain_events').orderBy('id', 'desc').first() as { id: number };
    await t.database.db.knex('domain_events').where({ id: last.id }).update({ attempts: MAX_EVENT_ATTEMPTS - 1 });
    await t.app.ctx.events.dispatchPending();
    await t.database.db.knex('domain_events').where({ id: last.id }).update({ next_attempt_at: new Date(0).toISOString() });
    expect(await t.app.ctx.events.dispatchPending()).toBe(0);
    expect(await t.database.db.knex('domain_events').where({ id: last.id }).first()).toMatchObject({ attempts: MAX_EVENT_ATTEMPTS, dispatched_at: null });
    stuck();
  });
});
