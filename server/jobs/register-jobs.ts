import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { cleanUpUploads, UPLOAD_CLEANUP_JOB } from '../domain/files/upload-cleanup.js';
import { EVENT_DISPATCH_JOB } from '../events/event-bus.js';
import { MAIL_DELIVERY_JOB } from '../mail/delivery.js';
import { inProcessQueue } from './in-process-queue.js';
import type { JobQueue } from './job-queue.js';
import { pgBossQueue } from './pg-boss-queue.js';
import { wakeJobsThrough } from './wake-after-commit.js';
import { pinRegistry } from '../metadata/registry-holder.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** The engine the database calls for: pg-boss on PostgreSQL, the in-process runner on SQLite. */
export function jobQueueFor(ctx: Pick<AppContext, 'db' | 'config'>, log: FastifyBaseLogger): JobQueue {
  return ctx.db.dialect === 'pg' && ctx.config.databaseUrl ? pgBossQueue(ctx.config.databaseUrl, log) : inProcessQueue(log);
}

/**
 * The app's background jobs (buildApp): each drains rows the database holds, so each is a
 * coalesced wake-up, woken after the commit that wrote its work and on a schedule for retries.
 * Nothing runs until `app.jobs.start()` (server/main.ts); the queue stops when the app closes.
 */
export function registerJobs(app: FastifyInstance): void {
  const { db, registries } = app.ctx;
  const jobs = jobQueueFor(app.ctx, app.log);
  // each run reads one registry from start to end (a publish meanwhile applies to the next run)
  jobs.work(MAIL_DELIVERY_JOB, { coalesce: true }, () => pinRegistry(registries, async () => { await app.mailer.deliverNow(); }));
  jobs.work(EVENT_DISPATCH_JOB, { coalesce: true }, () => pinRegistry(registries, async () => { await app.ctx.events.dispatchPending(); }));
  jobs.work(UPLOAD_CLEANUP_JOB, { coalesce: true }, () => pinRegistry(registries, async () => {
    const removed = await cleanUpUploads(app.ctx);
    if (removed.abandoned + removed.tempFiles + removed.orphanFiles > 0) app.log.info(removed, 'unsaved and left-behind uploads removed');
  }));
  jobs.schedule(MAIL_DELIVERY_JOB, 1);
  jobs.schedule(EVENT_DISPATCH_JOB, 1);
  jobs.schedule(UPLOAD_CLEANUP_JOB, 60);
  wakeJobsThrough(db.knex, (name) => jobs.send(name).catch((err: unknown) => app.log.warn({ err, job: name }, 'a job could not be woken; its schedule will run it')));
  app.decorate('jobs', jobs);
  app.addHook('preClose', async () => jobs.stop()); // before the database closes (onClose hooks run last-added first)
}
