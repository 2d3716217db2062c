import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { PROJECT_ROOT } from '../../server/config.js';

/** The real server (server/main.ts) as a child process, for attacks from outside: kill -9, restarts. */
export interface ServerProcess {
  url: string;
  /** SIGKILL: no close hook, no flush; resolves once the process is gone */
  kill9: () => Promise<void>;
  /** starts it again on the same port and data, resolving once it answers */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function answering(url: string, child: ChildProcess, errors: () => string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${errors()}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${errors()}`);
}

/** env: the server's configuration (DATA_DIR, DATABASE_URL, ...); PORT and HOST are set here. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL; // the database is the one env names, SQLite when none
  let child: ChildProcess;
  let stderr = '';
  const launch = async () => {
    stderr = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: PROJECT_ROOT, env: { ...inherited, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (c: Buffer) => { stderr = (stderr + c.toString()).slice(-4000); });
    await answering(url, child, () => stderr, timeoutMs);
  };
  const gone = () => new Promise<void>((resolve) => { if (child.exitCode !== null || child.signalCode !== null) resolve(); else child.once('exit', () => resolve()); });
  await launch();
  return {
    url,
    kill9: async () => { child.kill('SIGKILL'); await gone(); },
    restart: launch,
    stop: async () => { child.kill('SIGTERM'); await gone(); },
  };
}
