import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The bytes of files on disk (DESIGN.md section 5): <DATA_DIR>/files/<first two key characters>/<key>.
 * Uploads are streamed to <DATA_DIR>/files/tmp first and moved into place only when their row is
 * written, so no half-written file ever sits under a key.
 */

/** A new random, unguessable file key (24 random bytes, base64url: 32 characters). */
export function newFileKey(): string {
  return randomBytes(24).toString('base64url');
}

const filesDir = (dataDir: string): string => join(dataDir, 'files');
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Where the bytes of a key live; keys come from newFileKey, and anything else is refused. */
function pathOfKey(dataDir: string, key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('not a file key');
  return join(filesDir(dataDir), key.slice(0, 2), key);
}

export interface TempFile {
  path: string;
  size: number;
  sha256: string;
}

/** Streams an upload to a temp file, hashing it on the way. The caller removes or moves the temp file. */
export async function streamToTemp(dataDir: string, source: Readable): Promise<TempFile> {
  const dir = join(filesDir(dataDir), 'tmp');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${newFileKey()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, tap, createWriteStream(path));
  } catch (e) {
    await removeQuietly(path);
    throw e;
  }
  return { path, size, sha256: hash.digest('hex') };
}

export async function readTemp(temp: TempFile): Promise<Uint8Array> {
  return new Uint8Array(await readFile(temp.path));
}

/** Moves a temp file under its key (a rename within one folder tree: atomic). */
export async function moveIntoPlace(dataDir: string, temp: TempFile, key: string): Promise<string> {
  const target = pathOfKey(dataDir, key);
  await mkdir(join(filesDir(dataDir), key.slice(0, 2)), { recursive: true });
  await rename(temp.path, target);
  return target;
}

export async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true }).catch(() => undefined);
}

export async function removeKey(dataDir: string, key: string): Promise<void> {
  await removeQuietly(pathOfKey(dataDir, key));
}

export function openKey(dataDir: string, key: string): ReadStream {
  return createReadStream(pathOfKey(dataDir, key));
}

export async function keyExists(dataDir: string, key: string): Promise<boolean> {
  return stat(pathOfKey(dataDir, key)).then((s) => s.isFile(), () => false);
}
