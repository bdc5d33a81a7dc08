// A small gzip'd tar (POSIX ustar) writer and reader for backup files: regular files only, read
// and written as streams so large upload folders never sit in memory at once.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

/** ustar keeps names up to 100 bytes, or 155 + 100 split at a slash. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new Error(`Nombre demasiado largo para el archivo de respaldo: ${name}`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const parts = splitName(name);
  block.write(parts.name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(parts.prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

export interface TarWriter {
  add(name: string, data: Buffer | string, mtime?: Date): Promise<void>;
  /** Ends the archive and waits until the file is on disk. */
  close(): Promise<void>;
}

export function createTarGz(file: string): TarWriter {
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  const finished = once(out, 'close');
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };
  return {
    async add(name, data, mtime = new Date()) {
      const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      await write(header(name, body.length, mtime));
      await write(body);
      const padding = (BLOCK - (body.length % BLOCK)) % BLOCK;
      if (padding) await write(Buffer.alloc(padding));
    },
    async close() {
      gzip.end(Buffer.alloc(BLOCK * 2));
      await finished;
    },
  };
}

export interface TarEntry {
  name: string;
  data: Buffer;
}

const text = (block: Buffer, start: number, length: number) => {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
};

/** Bytes received but not parsed yet, kept as chunks so a large file is joined only once. */
class Pending {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer) {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  take(n: number): Buffer {
    const joined = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.length);
    const taken = joined.subarray(0, n);
    const rest = joined.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.length = rest.length;
    return taken;
  }
}

/** The regular files of a .tar.gz, one at a time. */
export async function* readTarGz(file: string): AsyncGenerator<TarEntry, undefined> {
  const pending = new Pending();
  let current: { name: string; size: number; type: string } | null = null;
  const stream = createReadStream(file).pipe(createGunzip());
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending.push(chunk);
    for (;;) {
      if (!current) {
        if (pending.length < BLOCK) break;
        const block = pending.take(BLOCK);
        if (block.every((b) => b === 0)) return;
        if (text(block, 257, 5) !== 'ustar') throw new Error('El archivo no es un respaldo válido (tar dañado)');
        const prefix = text(block, 345, 155);
        const name = text(block, 0, 100);
        current = {
          name: prefix ? `${prefix}/${name}` : name,
          size: parseInt(text(block, 124, 12).trim() || '0', 8),
          type: text(block, 156, 1),
        };
      }
      const padded = current.size + ((BLOCK - (current.size % BLOCK)) % BLOCK);
      if (pending.length < padded) break;
      const data = Buffer.from(pending.take(padded).subarray(0, current.size));
      if (current.type === '0' || current.type === '') yield { name: current.name, data };
      current = null;
    }
  }
  throw new Error('El archivo de respaldo está incompleto');
}
