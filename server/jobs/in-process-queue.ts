import type { FastifyBaseLogger } from 'fastify';
import { cronEvery, DEFAULT_RETRY, retryDelayMs, type JobHandler, type JobQueue, type QueueOptions } from './job-queue.js';

interface Waiting { data: object; retry: number }

interface Queue {
  options: QueueOptions;
  handler: JobHandler;
  waiting: Waiting[];
  running: boolean;
}

/**
 * The job runner of the embedded database: one process owns the SQLite file, so holding a job
 * in this process is its claim. Each job name runs one job at a time, failed runs are retried
 * with back-off, schedules run at start and then every interval. Jobs in memory are lost with
 * the process: only wake-ups and work whose truth is in the database are sent here.
 */
export function inProcessQueue(log: FastifyBaseLogger): JobQueue {
  const queues = new Map<string, Queue>();
  const schedules = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let started = false;

  const later = (ms: number, fn: () => void, every = false) => {
    const timer = every ? setInterval(fn, ms) : setTimeout(() => { timers.delete(timer); fn(); }, ms);
    timer.unref();
    timers.add(timer);
  };

  const enqueue = (name: string, job: Waiting): boolean => {
    const q = queues.get(name);
    if (!q) throw new Error(`no job named ${name}`);
    if (!started || (q.options.coalesce && q.waiting.length > 0)) return false;
    q.waiting.push(job);
    setImmediate(() => pump(name, q));
    return true;
  };

  function pump(name: string, q: Queue): void {
    if (!started || q.running) return;
    const job = q.waiting.shift();
    if (!job) return;
    q.running = true;
    const run = q.handler(job.data).catch((e: unknown) => {
      const error = e instanceof Error ? e.message : String(e);
      if (job.retry < (q.options.retryLimit ?? DEFAULT_RETRY.retryLimit)) {
        const retry = job.retry + 1;
        log.warn({ job: name, retry, error }, 'a job failed; it will run again');
        later(retryDelayMs(q.options, retry), () => enqueue(name, { data: job.data, retry }));
      } else {
        log.error({ job: name, error }, 'a job failed for good');
      }
    }).finally(() => {
      q.running = false;
      running.delete(run);
      pump(name, q);
    });
    running.add(run);
  }

  return {
    engine: 'in-process',
    work: (name, options, handler) => {
      queues.set(name, { options, handler: handler as JobHandler, waiting: [], running: false });
    },
    schedule: (name, everyMinutes) => {
      cronEvery(everyMinutes); // the same intervals as on PostgreSQL
      schedules.set(name, everyMinutes);
    },
    send: async (name, data = {}) => enqueue(name, { data, retry: 0 }),
    start: async () => {
      if (started) return;
      started = true;
      for (const [name, minutes] of schedules) {
        enqueue(name, { data: {}, retry: 0 });
        later(minutes * 60_000, () => enqueue(name, { data: {}, retry: 0 }), true);
      }
    },
    stop: async () => {
      started = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const q of queues.values()) q.waiting = [];
      await Promise.all([...running]);
    },
  };
}
