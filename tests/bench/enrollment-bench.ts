import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp, registryFor } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { insertedId } from '../../server/data/inserted-id.js';
import { createUser, loadIdentity, type UserRow } from '../../server/domain/identity.js';
import { signToken } from '../../server/plugins/auth.js';
import { byPosition, registrationRush, tally, type Rusher } from '../support/registration-rush.js';
import { benchDatabase } from './bench-database.js';
import { fmt, percentile } from './bench-measure.js';

/**
 * Registration under load (issue 14 item 4): 200 people signed in register at once, through HTTP
 * on loopback, for a session with 20 seats and 50 waitlist seats (register; on the waitlist offer,
 * the waitlist). Expected: exactly 20 Registered, 50 Waitlisted at positions 1-50, 130 answered
 * full; then 5 cancellations promote positions 1-5. SQLite by default; PostgreSQL with DATABASE_URL.
 */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200);
const SEATS = Number(process.env.BENCH_SEATS ?? 20);
const WAITLIST = Number(process.env.BENCH_WAITLIST ?? 50);
const CANCELLATIONS = 5;
const PASSWORD = 'Bench-Password-1';

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function check(ok: boolean, what: string, failures: string[]): string {
  if (!ok) failures.push(what);
  return ok ? 'ok' : 'FAILED';
}

async function main(): Promise<void> {
  const database = await benchDatabase();
  const { db } = database;
  const config = { ...loadConfig({ DATA_DIR: database.dataDir, TENANT: 'al', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_ACCOUNT: '1000000' }), databaseUrl: database.databaseUrl };
  const registry = registryFor(config);
  const app = await buildApp({ config, db, registry });
  const failures: string[] = [];
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    log(`database: ${db.dialect}; ${PEOPLE} people for ${SEATS} seats and ${WAITLIST} waitlist seats, over HTTP`);
    const newUser = (email: string, role: string) => createUser(db.knex, registry, { email, password: PASSWORD, firstName: 'Bench', lastName: 'Learner', roles: [{ role }], confirmed: true, firstTime: false }, null);
    const tokenOf = async (u: UserRow) => signToken(app, await loadIdentity(db.knex, app.ctx.registries, u, true));
    const trainer = await newUser('trainer@bench.registry.test', '250');
    const people: Rusher[] = [];
    for (let i = 0; i < PEOPLE; i += 8) {
      const batch = await Promise.all(Array.from({ length: Math.min(8, PEOPLE - i) }, (_, j) => newUser(`learner${i + j}@bench.registry.test`, '100')));
      for (const u of batch) people.push({ id: u.id, token: await tokenOf(u) });
    }
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    const courseId = insertedId(await db.knex('courses').insert({ trainer_id: trainer.id, course_name: 'Bench Course', created_at: at(0), updated_at: at(0) }).returning('id'));
    const section = insertedId(await db.knex('course_sections').insert({
      course_id: courseId, section_name: 'Bench Session', training_start_date: at(30), training_end_date: at(30.1), reg_start_date: at(-5).slice(0, 10), reg_deadline_date: at(20).slice(0, 10),
      seats: SEATS, waitlist_seats: WAITLIST, locked: false, created_at: at(0), updated_at: at(0),
    }).returning('id'));

    const t0 = performance.now();
    const outcomes = await registrationRush(baseUrl, section, people);
    const total = performance.now() - t0;
    const times = outcomes.flatMap((o) => o.times).sort((a, b) => a - b);
    const { registered, positions, full, other } = tally(outcomes);
    const sorted = [...positions.values()].sort((a, b) => a - b);
    const waitlistOrder = byPosition(positions);
    const inDb = async (status: string) => ((await db.knex('enrollments').where({ course_section_id: section, status }).orderBy([{ column: 'waitlisted_at' }, { column: 'id' }, { column: 'user_id' }]).select('user_id')) as { user_id: number }[]).map((r) => Number(r.user_id));
    log(`  rush: ${outcomes.length} people, ${times.length} requests in ${fmt(total)} ms; per request p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms, max ${fmt(times[times.length - 1] ?? Number.NaN)} ms`);
    log(`  registered ${registered.length} (${check(registered.length === SEATS, 'registered', failures)}), waitlisted ${positions.size} (${check(positions.size === WAITLIST && sorted.every((p, i) => p === i + 1), 'positions 1..n', failures)}: positions ${sorted[0] ?? '-'}-${sorted[sorted.length - 1] ?? '-'}), full ${full} (${check(full === PEOPLE - SEATS - WAITLIST, 'full', failures)}), other ${other} (${check(other === 0, 'other answers', failures)})`);
    const dbRegistered = await inDb('Registered');
    const dbWaitlist = await inDb('Waitlisted');
    log(`  database: ${dbRegistered.length} Registered, ${dbWaitlist.length} Waitlisted, the waitlist in the answered order: ${check(JSON.stringify(dbWaitlist) === JSON.stringify(waitlistOrder) && dbRegistered.length === SEATS, 'database agrees', failures)}`);

    const c0 = performance.now();
    const cancelTimes: number[] = [];
    await Promise.all(registered.slice(0, CANCELLATIONS).map(async (userId) => {
      const person = people.find((p) => p.id === userId)!;
      const s = performance.now();
      const res = await fetch(`${baseUrl}/api/enrollment/cancelregistration`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` }, body: JSON.stringify({ courseSectionId: section, userId }) });
      cancelTimes.push(performance.now() - s);
      if (res.status !== 200) failures.push(`cancel ${userId}: ${res.status} ${await res.text()}`);
    }));
    const cancelTotal = performance.now() - c0;
    const promoted = waitlistOrder.slice(0, CANCELLATIONS);
    const nowRegistered = new Set(await inDb('Registered'));
    const afterWaitlist = await inDb('Waitlisted');
    const promotedOk = promoted.every((id) => nowRegistered.has(id)) && nowRegistered.size === SEATS && JSON.stringify(afterWaitlist) === JSON.stringify(waitlistOrder.slice(CANCELLATIONS));
    cancelTimes.sort((a, b) => a - b);
    log(`  ${CANCELLATIONS} cancellations at once in ${fmt(cancelTotal)} ms (p50 ${fmt(percentile(cancelTimes, 50))} ms): positions 1-${CANCELLATIONS} promoted, the rest moved up: ${check(promotedOk, 'promotion', failures)}`);
    log(failures.length ? `FAILED: ${failures.join('; ')}` : 'all figures hold');
  } finally {
    await app.close();
    await database.drop();
  }
  if (failures.length) process.exitCode = 1;
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exit(1);
});
