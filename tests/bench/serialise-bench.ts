import { deepStrictEqual } from 'node:assert';
import Fastify from 'fastify';
import { performance } from 'node:perf_hooks';
import { Type, type TSchema } from '@fastify/type-provider-typebox';
import { GridColumnSchema } from '../../engine/metadata/grid-schema.js';
import { loadConfig } from '../../server/config.js';
import { loadRegistry } from '../../server/metadata/load-metadata.js';
import { GridAnswer } from '../../server/routes/grid-schemas.js';
import { writeGridPage, type GridPage } from '../../server/routes/grid-page-writer.js';

/**
 * How POST /api/grid's answer is written: the route's response schema compiled by Fastify's
 * serialiser, against JSON.stringify (no schema) and against rows declared as open objects.
 * Rounds alternate between the three, so load on the machine hits all alike.
 * npm run bench:serialise
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 25);
const ROUNDS = 7;
const PER_ROUND = 4000;

function educationRow(i: number): Record<string, unknown> {
  return {
    id: 1000 + i, userId: 7, educationLevel: 'Bachelor\'s Degree', school: `State University Campus ${i}`, major: 'Early Childhood Education',
    degreeStatus: 'Completed', startDate: '2010-08-15', endDate: i % 8 === 0 ? null : '2014-05-10', creditHours: 120 + i, fileKey: null,
    verificationStatus: i % 3 === 0 ? 'Approved' : null, verified: i % 3 === 0, disabled: false,
    createdAt: '2024-01-02T03:04:05.000Z', updatedAt: '2024-02-03T04:05:06.000Z', createdBy: 7, updatedBy: 7,
    canView: true, canEdit: i % 3 !== 0, canDisable: true, canDelete: i % 3 !== 0,
  };
}

async function compile(schema: TSchema): Promise<(data: unknown) => string> {
  const app = Fastify();
  let serialise: ((data: unknown) => string) | undefined;
  app.get('/', async (_request, reply) => {
    serialise = reply.compileSerializationSchema(schema as unknown as Record<string, unknown>) as (data: unknown) => string;
    return 'ok';
  });
  await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return serialise!;
}

async function main(): Promise<void> {
  const config = loadConfig({ TENANT: 'tn', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' });
  const { registry } = loadRegistry(config.rootDir, 'tn');
  const grid = registry!.grids.get('education-all') ?? [...registry!.grids.values()][0]!;
  const page = { gridData: Array.from({ length: ROWS }, (_, i) => educationRow(i)), columns: grid.columns };
  const openRows = Type.Object({
    gridData: Type.Array(Type.Object({}, { additionalProperties: true })),
    columns: Type.Array(Type.Unsafe(GridColumnSchema)),
  });
  const ways: [string, (data: unknown) => string][] = [
    ['JSON.stringify (no response schema)', JSON.stringify],
    ['route schema (rows written whole)', await compile(GridAnswer)],
    ['rows as open objects (key by key)', await compile(openRows)],
    ['the grid page writer (columns written once per grid; the route now)', (data) => writeGridPage(data as GridPage)],
  ];
  for (const [name, f] of ways) if (JSON.parse(f(page)).gridData.length !== ROWS) throw new Error(`${name} lost rows`);
  deepStrictEqual(JSON.parse(ways[1]![1](page)), JSON.parse(JSON.stringify(page)), 'the route schema writes the page as JSON.stringify does');
  if (ways[3]![1](page) !== JSON.stringify(page)) throw new Error('the grid page writer writes the page as JSON.stringify does');
  const times = new Map<string, number[]>(ways.map(([n]) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, f] of ways) {
      for (let i = 0; i < 500; i++) f(page);
      const start = performance.now();
      for (let i = 0; i < PER_ROUND; i++) f(page);
      times.get(name)!.push(((performance.now() - start) / PER_ROUND) * 1000);
    }
  }
  process.stdout.write(`grid ${grid.id}, ${ROWS} rows, ${grid.columns.length} columns, ${JSON.stringify(page).length} bytes; median of ${ROUNDS} rounds\n`);
  process.stdout.write('| Serialiser | µs per page |\n|---|---:|\n');
  for (const [name, t] of times) {
    const sorted = [...t].sort((a, b) => a - b);
    process.stdout.write(`| ${name} | ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} |\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exitCode = 1;
});
