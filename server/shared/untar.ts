import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes the regular files and directories of a POSIX (ustar or pax) tar archive under `dest`.
 * Enough for the archives a browser package ships (libraries, fonts); links and devices are
 * skipped, and no entry may leave `dest` (absolute names and `..` are refused).
 */
export function untar(archive: Buffer, dest: string): void {
  const root = path.resolve(dest);
  let offset = 0;
  let paxPath: string | undefined;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new Error('tar: unreadable entry size');
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = field(header, 345, 155);
    const name = paxPath ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const body = archive.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
      continue;
    }
    paxPath = undefined;
    if (type !== '0' && type !== '\0' && type !== '5') continue;
    const target = path.resolve(root, name);
    if (target !== root && !target.startsWith(root + path.sep)) {
      throw new Error(`tar: entry ${JSON.stringify(name)} leaves the destination`);
    }
    if (type === '5') {
      mkdirSync(target, { recursive: true });
    } else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, body, { mode: parseInt(field(header, 100, 8).trim() || '644', 8) });
    }
  }
}

/** A NUL-terminated text field of a tar header. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}
