import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { cronEvery, DEFAULT_RETRY, type JobHandler, type JobQueue, type QueueOptions } from './job-queue.js';

/** pg-boss keeps its tables in a schema of its own beside the registry's. */
export const JOBS_SCHEMA = 'pgboss';

interface Declared { options: QueueOptions; handler: JobHandler }

/**
 * The job queue on PostgreSQL: pg-boss, given the registry's own connection string. Every
 * instance works every queue; pg-boss hands each job to one of them (SKIP LOCKED), coalesced
 * queues are "stately" (one waiting, one running on all instances together), and a schedule
 * sends its job once per slot however many instances run. Nothing is created before start, so
 * an app that never starts its jobs (tests, the CLI) costs no schema and no connections.
 */
export function pgBossQueue(connectionString: string, log: FastifyBaseLogger): JobQueue {
  const declared = new Map<string, Declared>();
  const schedules = new Map<string, number>();
  const workers = new Map<string, string>();
  let boss: PgBoss | null = null;

  return {
    engine: 'pg-boss',
    work: (name, options, handler) => { declared.set(name, { options, handler: handler as JobHandler }); },
    schedule: (name, everyMinutes) => { schedules.set(name, everyMinutes); },
    send: async (name, data = {}) => {
      if (!boss) return false;
      const id = await boss.send(name, data);
      const worker = workers.get(name);
      if (id && worker) boss.notifyWorker(worker); // this instance fetches it now rather than at its next poll
      return id !== null;
    },
    start: async () => {
      if (boss) return;
      const b = new PgBoss({ connectionString, schema: JOBS_SCHEMA, max: 4, application_name: 'registry-jobs' });
      b.on('error', (err) => log.error({ err }, 'job queue error'));
      await b.start();
      for (const [name, { options, handler }] of declared) {
        await b.createQueue(name, {
          name, policy: options.coalesce ? 'stately' : 'standard',
          retryLimit: options.retryLimit ?? DEFAULT_RETRY.retryLimit,
          retryDelay: options.retryDelaySeconds ?? DEFAULT_RETRY.retryDelaySeconds,
          retryBackoff: options.retryBackoff ?? DEFAULT_RETRY.retryBackoff,
        });
        workers.set(name, await b.work<object>(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await handler(job.data);
        }));
      }
      for (const [name, minutes] of schedules) await b.schedule(name, cronEvery(minutes));
      boss = b;
    },
    stop: async () => {
      const b = boss;
      boss = null;
      workers.clear();
      if (b) await b.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
