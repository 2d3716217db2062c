import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from './config.js';

/** npm run dev: the API with reload on change, and Vite serving the browser app with /api proxied to it. */
const bin = (name: string) => join(PROJECT_ROOT, 'node_modules', '.bin', name);
const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', 'server/main.ts'], { cwd: PROJECT_ROOT, stdio: 'inherit' }),
  spawn(bin('vite'), ['--config', 'renderer/vite.config.ts', '--host', '127.0.0.1'], { cwd: PROJECT_ROOT, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) stop(); });
