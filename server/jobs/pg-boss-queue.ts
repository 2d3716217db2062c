import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { cronEvery, DEFAULT_RETRY, type JobHandler, type JobQueue, type QueueOptions } from './job-queue.js';

/** pg-boss keeps its tables in a schema of its own beside the registry's. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * A job still active after this long is taken as lost (its instance died: kill -9, a crash) and
 * runs again; until then a coalesced queue waits behind it. A run that is only slow may then
 * overlap its successor, which is safe: the rows they drain are claimed one by one.
 */
export const JOB_EXPIRE_SECONDS = 120;

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
      // schedules are looked at every 10 s (a slot is a minute), so the first run comes soon after
      // start; maintenance every minute finds the jobs of an instance that died (JOB_EXPIRE_SECONDS)
      const b = new PgBoss({
        connectionString, schema: JOBS_SCHEMA, max: 4, application_name: 'registry-jobs',
        cronMonitorIntervalSeconds: 10, cronWorkerIntervalSeconds: 2, maintenanceIntervalSeconds: 60,
      });
      b.on('error', (err) => log.error({ err }, 'job queue error'));
      try {
        await oneAtATime(connectionString, async () => {
          await b.start();
          await createQueues(b, declared);
        });
        for (const [name, { handler }] of declared) {
          workers.set(name, await b.work<object>(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
            for (const job of jobs) await handler(job.data); // one job per fetch: a failure retries only that job
          }));
        }
        for (const [name, minutes] of schedules) await b.schedule(name, cronEvery(minutes));
      } catch (e) {
        await b.stop({ graceful: false, wait: true }).catch(() => undefined);
        throw e;
      }
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

/** Creates the declared queues that do not exist yet, with their policy and retries. */
async function createQueues(b: PgBoss, declared: Map<string, Declared>): Promise<void> {
  for (const [name, { options }] of declared) {
    if (await b.getQueue(name)) continue;
    await b.createQueue(name, {
      name, policy: options.coalesce ? 'stately' : 'standard',
      retryLimit: options.retryLimit ?? DEFAULT_RETRY.retryLimit,
      retryDelay: options.retryDelaySeconds ?? DEFAULT_RETRY.retryDelaySeconds,
      retryBackoff: options.retryBackoff ?? DEFAULT_RETRY.retryBackoff,
      expireInSeconds: JOB_EXPIRE_SECONDS,
    });
  }
}

/** Any number fixed for the registry: the advisory lock its instances take to create job queues. */
const QUEUE_SETUP_LOCK = 7_310_010;

/**
 * Runs `fn` while holding a session advisory lock, so instances starting together install the
 * schema and create the queues one after the other (two at once deadlock inside pg-boss).
 */
async function oneAtATime(connectionString: string, fn: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    await fn();
  } finally {
    await client.end(); // ending the session releases the lock
  }
}
