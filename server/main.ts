import { buildApp, MetadataInvalidError, registryFor } from './app.js';
import { loadConfig } from './config.js';
import { migrate, openDatabase } from './data/db.js';
import { isEmptyDatabase, seedDemo } from './commands/seed-demo.js';
import { startLines } from './commands/start-lines.js';
import { prettyLogStream } from './log-pretty.js';

/** npm start: check metadata, migrate, seed an empty embedded database, print the demo sign-ins, listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  let registry;
  try {
    registry = registryFor(config);
  } catch (e) {
    if (e instanceof MetadataInvalidError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const db = openDatabase(config.databaseUrl, config.dataDir);
  await migrate(db);
  const app = await buildApp({ config, db, registry, logger: true, ...(process.stdout.isTTY ? { logStream: prettyLogStream(process.stdout) } : {}) });
  if (db.dialect === 'sqlite' && config.seedDemoOnEmpty && (await isEmptyDatabase(db))) await seedDemo(app.ctx, { people: 20 });
  await app.jobs.start();
  app.addHook('onClose', async () => db.knex.destroy());
  const shutdown = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  // one write: a log line the logger flushes meanwhile lands before or after the table, never inside it
  process.stdout.write(`${(await startLines(app.ctx)).join('\n')}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
