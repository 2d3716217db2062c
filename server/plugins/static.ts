import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Serves the built renderer (dist/renderer) when it exists; deep links answer the app. */
export async function registerRenderer(app: FastifyInstance, rootDir: string): Promise<boolean> {
  const dir = join(rootDir, 'dist', 'renderer');
  if (!existsSync(join(dir, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: dir, wildcard: false, index: ['index.html'] });
  return true;
}
