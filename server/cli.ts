import { defaultRole, organizationRoles } from '../engine/access/role-duties.js';
import { buildApp, registryFor } from './app.js';
import { loadConfig } from './config.js';
import { migrate, openDatabase } from './data/db.js';
import { createUser } from './domain/identity.js';
import { runMetadataCheck } from './commands/metadata-check.js';
import { seedDemo } from './commands/seed-demo.js';
import { demoLoginLines } from './commands/demo-users.js';
import { AppError } from './errors.js';
import { formatText } from '../engine/forms/form-messages.js';

const USAGE = `Usage: npm run cli -- <command>
  user:create --email E --password P --first F --last L [--roles 100,200,AdminUser] [--org ORGANIZATION_ID]
  seed:demo [--people N]
  metadata:check [--tenant CODE]`;

function flags(args: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) throw new Error(`Unexpected argument '${a}'.\n${USAGE}`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`--${a.slice(2)} needs a value.\n${USAGE}`);
    out[a.slice(2)] = value;
    i++;
  }
  return out;
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const f = flags(rest);
  const config = loadConfig();
  if (command === 'metadata:check') {
    const result = runMetadataCheck(config.rootDir, f.tenant ? [f.tenant] : undefined);
    for (const line of result.lines) console.log(line);
    return result.ok ? 0 : 1;
  }
  if (command !== 'user:create' && command !== 'seed:demo') {
    console.error(USAGE);
    return 2;
  }
  const registry = registryFor(config);
  const db = openDatabase(config.databaseUrl, config.dataDir);
  try {
    await migrate(db);
    if (command === 'seed:demo') {
      // the domain functions the seed calls need the application's context (no listening)
      const app = await buildApp({ config, db, registry });
      try {
        const logins = await seedDemo(app.ctx, { people: Number(f.people ?? 20) });
        for (const line of demoLoginLines(formatText(registry.texts, 'demo.signInsTitle'), logins)) console.log(line);
      } finally {
        await app.close();
      }
      return 0;
    }
    for (const k of ['email', 'password', 'first', 'last']) if (!f[k]) throw new Error(`--${k} is required.\n${USAGE}`);
    const org = f.org ? Number(f.org) : null;
    const atOrganization = Object.values(organizationRoles(registry.roles));
    const roles = (f.roles ?? defaultRole(registry.roles)).split(',').map((r) => r.trim()).filter(Boolean).map((role) => ({ role, organizationId: atOrganization.includes(role) ? org : null }));
    const user = await createUser(db.knex, registry, { email: f.email!, password: f.password!, firstName: f.first!, lastName: f.last!, roles, confirmed: true, firstTime: false }, null);
    console.log(`Created user ${user.user_name} (id ${user.id}, registry ID ${user.registry_id}) with roles ${roles.map((r) => r.role).join(', ')}.`);
    return 0;
  } finally {
    await db.knex.destroy();
  }
}

run(process.argv.slice(2)).then((code) => process.exit(code), (e: unknown) => {
  if (e instanceof AppError) {
    console.error(e.message);
    for (const [k, v] of Object.entries(e.errors ?? {})) console.error(`  ${k}: ${v}`);
  } else console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
