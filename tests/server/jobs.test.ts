import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CLEANUP_JOB } from '../../server/domain/files/upload-cleanup.js';
import { newFileKey } from '../../server/domain/files/file-disk.js';
import type { PublishedEvent } from '../../server/events/domain-event.js';
import { publishEvent } from '../../server/events/event-bus.js';
import type { JobQueue } from '../../server/jobs/job-queue.js';
import { jobQueueFor } from '../../server/jobs/register-jobs.js';
import * as sample from '../support/file-samples.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DIALECT } from '../support/test-database.js';
import { uploaded } from '../support/uploads.js';

/** The job interface on the database the suite runs on: pg-boss on PostgreSQL, in-process on SQLite. */

let t: TestApp;
let smtp: TestSmtp;
/** two queues on one PostgreSQL database stand for two server instances; SQLite has one process */
const queues: JobQueue[] = [];
const INSTANCES = TEST_DIALECT === 'pg' ? 2 : 1;
const poll = { timeout: 30_000, interval: 100 };

beforeAll(async () => {
  t = await startTestApp('tn');
  smtp = await startSmtp();
  t.config.smtpUrl = smtp.url;
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await t.close();
  await smtp.close();
});

describe('the job queue', () => {
  const runs: number[] = [];
  let calls = 0;
  const scheduled: string[] = [];
  let release: () => void = () => undefined;
  let blocked = 0;

  beforeAll(async () => {
    for (let i = 0; i < INSTANCES; i += 1) {
      const q = jobQueueFor(t.app.ctx, t.app.log);
      q.work<{ n: number }>('count', {}, async (data) => { runs.push(data.n); });
      q.work('flaky', { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: false }, async () => {
        calls += 1;
        if (calls <= 2) throw new Error('not yet');
      });
      q.work('tick', { coalesce: true }, async () => { scheduled.push(`instance ${i}`); });
      q.schedule('tick', 1);
      q.work('wake', { coalesce: true }, async () => {
        blocked += 1;
        if (blocked === 1) await new Promise<void>((resolve) => { release = resolve; });
      });
      queues.push(q);
    }
    await Promise.all(queues.map((q) => q.start()));
  });

  it(`runs each job once, with ${INSTANCES} instance(s) working the queue`, async () => {
    const sent = await Promise.all(Array.from({ length: 10 }, (_, n) => queues[n % INSTANCES]!.send('count', { n })));
    expect(sent.every(Boolean)).toBe(true);
    await expect.poll(() => runs.length, poll).toBe(10);
    expect([...runs].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, n) => n));
  });

  it('runs a failed job again after its delay until it succeeds', async () => {
    await queues[0]!.send('flaky');
    await expect.poll(() => calls, poll).toBe(3);
  });

  it('runs a scheduled job soon after start, on one instance', async () => {
    await expect.poll(() => scheduled.length, poll).toBeGreaterThanOrEqual(1);
    expect(scheduled).toHaveLength(1);
  });

  it('keeps one wake-up waiting while one runs, on all instances together', async () => {
    expect(await queues[0]!.send('wake')).toBe(true);
    await expect.poll(() => blocked, poll).toBe(1);
    const more = [];
    for (let i = 0; i < 4; i += 1) more.push(await queues[i % INSTANCES]!.send('wake'));
    expect(more).toEqual([true, false, false, false]);
    release();
    await expect.poll(() => blocked, poll).toBe(2);
  });
});

describe("the app's jobs", () => {
  beforeAll(async () => { await t.app.jobs.start(); });

  it('delivers a mail once its transaction commits, with no call to deliver', async () => {
    const res = await t.post('/api/accounts', { email: 'woken@example.org', password: 'Good-password-1', confirmPassword: 'Good-password-1', firstName: 'Wo', lastName: 'Ken', termsAccepted: true });
    expect(res.statusCode, res.body).toBe(200);
    const row = () => t.database.db.knex('outbox').where({ to_address: 'woken@example.org' }).first('status', 'attempts');
    await expect.poll(row, poll).toEqual({ status: 'sent', attempts: 1 });
    expect(smtp.to('woken@example.org')).toHaveLength(1);
  });

  it('dispatches a domain event once its transaction commits', async () => {
    const seen: PublishedEvent[] = [];
    const off = t.app.ctx.events.subscribe('role.requested', (e) => { seen.push(e); });
    await t.database.db.knex.transaction(async (trx) => {
      await publishEvent(trx, { type: 'role.requested', actorId: 1, payload: { requestId: 9, userId: 1, organizationId: 2, employmentRecordId: 3, role: '100' } });
    });
    await expect.poll(() => seen.length, poll).toBe(1);
    off();
  });

  it('removes unsaved uploads, left-behind temp files and bytes no row names, once older than the limit', async () => {
    const owner = await t.user(['100'], 'Uploader');
    const old = await uploaded(t, owner.token, { fileName: 'old.pdf', bytes: sample.pdf() });
    const fresh = await uploaded(t, owner.token, { fileName: 'fresh.pdf', bytes: sample.pdf() });
    await t.database.db.knex('files').where({ key: old.fileKey }).update({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() });
    const files = join(t.database.dataDir, 'files');
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    const leftOver = (dir: string, name: string, aged: boolean) => {
      mkdirSync(join(files, dir), { recursive: true });
      const path = join(files, dir, name);
      writeFileSync(path, 'left behind');
      if (aged) utimesSync(path, dayAgo, dayAgo);
      return path;
    };
    const orphan = newFileKey();
    const young = newFileKey();
    const paths = {
      temp: leftOver('tmp', 'crashed.part', true), youngTemp: leftOver('tmp', 'streaming.part', false),
      orphan: leftOver(orphan.slice(0, 2), orphan, true), youngOrphan: leftOver(young.slice(0, 2), young, false),
    };
    const onDisk = (key: string) => existsSync(join(files, key.slice(0, 2), key));
    await t.app.jobs.send(UPLOAD_CLEANUP_JOB);
    await expect.poll(() => onDisk(old.fileKey) || existsSync(paths.temp) || existsSync(paths.orphan), poll).toBe(false);
    expect((await t.database.db.knex('files').where({ key: old.fileKey }).first()).deleted_at).not.toBeNull();
    expect(onDisk(fresh.fileKey)).toBe(true);
    expect(existsSync(paths.youngTemp) && existsSync(paths.youngOrphan)).toBe(true);
    const audit = await t.database.db.knex('audit').whereIn('action', ['file.delete', 'file.cleanup']).orderBy('id').select('action', 'user_id', 'detail');
    expect(audit.map((a: { action: string; user_id: number | null; detail: string }) => [a.action, a.user_id, JSON.parse(a.detail)])).toEqual([
      ['file.delete', null, expect.objectContaining({ fileId: old.fileId, reason: 'abandoned' })],
      ['file.cleanup', null, { tempFiles: 1, orphanFiles: 1, olderThanHours: 24 }],
    ]);
  });
});
