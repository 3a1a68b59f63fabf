// Sends a finished video with HTTP byte ranges, so a <video> can seek in it: 206 with
// Content-Range for a satisfiable `Range: bytes=…`, 416 for one that is not, 200 otherwise.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../shared/http.ts';

export type RangeAnswer = { start: number; end: number } | 'whole' | 'unsatisfiable';

/**
 * What a Range header asks of a file of `size` bytes. Several ranges, or a unit other than bytes,
 * get the whole file (allowed, and what <video> never asks for); a bytes range that is malformed
 * or lies past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return 'whole';
  const spec = /^\s*bytes\s*=\s*(.*)$/i.exec(header)?.[1];
  if (spec === undefined || spec.includes(',')) return 'whole';
  const match = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable';
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}

/** Answers `req` with the file's bytes (all, or the range asked for). */
export async function sendVideo(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  size: number,
): Promise<void> {
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable')
    throw new HttpError(
      416,
      'range_not_satisfiable',
      `the range ${JSON.stringify(req.headers.range)} is not within the video's ${size} bytes`,
      undefined,
      { 'Content-Range': `bytes */${size}`, 'Accept-Ranges': 'bytes' },
    );
  const headers = {
    'Content-Type': 'video/mp4',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-store',
  };
  if (range === 'whole') {
    res.writeHead(200, { ...headers, 'Content-Length': String(size) });
    await stream(createReadStream(file), res);
    return;
  }
  res.writeHead(206, {
    ...headers,
    'Content-Length': String(range.end - range.start + 1),
    'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
  });
  await stream(createReadStream(file, { start: range.start, end: range.end }), res);
}

/** A viewer seeking away closes its request mid-body: nothing is wrong then, the body just ends. */
async function stream(from: NodeJS.ReadableStream, res: ServerResponse): Promise<void> {
  await pipeline(from, res).catch(() => res.destroy());
}
