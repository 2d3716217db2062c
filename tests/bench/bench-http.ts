import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { GridRequest } from '../../engine/grid/grid-request.js';
import { percentile } from './bench-measure.js';

export interface HttpResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
  /** every request sent, the warm-up's included (what the server's CPU served) */
  sent: number;
}

function post(agent: http.Agent, port: number, path: string, token: string, payload: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, path, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}` },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * POST /api/grid over loopback with `connections` keep-alive connections for about `seconds`
 * (and at most maxRequests). Runs in the calling process; see httpLoadFromChild.
 */
export async function httpLoad(port: number, token: string, body: GridRequest, connections = 20, seconds = 10, maxRequests = 500_000): Promise<HttpResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const payload = JSON.stringify(body);
  const times: number[] = [];
  let errors = 0;
  let sent = 0;
  const warmEnd = performance.now() + 1000;
  const worker = async (measured: boolean, until: number): Promise<void> => {
    while (performance.now() < until && times.length < maxRequests) {
      const t0 = performance.now();
      const status = await post(agent, port, '/api/grid', token, payload).catch(() => 0);
      sent++;
      if (!measured) continue;
      if (status !== 200) errors++;
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, () => worker(false, warmEnd)));
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, () => worker(true, until)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return { requests: times.length, perSecond: times.length / elapsed, p50: percentile(times, 50), p95: percentile(times, 95), errors, sent };
}

/** The same load from a child process: the server's process serves, the client's process sends (the 2 cores are shared). */
export function httpLoadFromChild(port: number, token: string, body: GridRequest, connections = 20, seconds = 10): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    // the bench runs from its TypeScript (tsx) or from its build (npm run bench:grid:built): the client alike
    const built = import.meta.url.endsWith('.js');
    const client = fileURLToPath(new URL(built ? './http-client.js' : './http-client.ts', import.meta.url));
    const child = fork(client, [String(port), token, JSON.stringify(body), String(connections), String(seconds)], { execArgv: built ? [] : ['--import', 'tsx'] });
    child.once('message', (m) => resolve(m as HttpResult));
    child.once('error', reject);
    child.once('exit', (code) => { if (code) reject(new Error(`load generator exited with ${code}`)); });
  });
}
