import { Inflate } from 'fflate';
import type { ZipEntry } from './zip-directory';

/** How much of one entry may be unpacked. */
export interface UnpackBudget {
  /** Past this many bytes, unpacking stops. */
  maxBytes: number;
  /** True: an entry longer than maxBytes gives its first maxBytes; false: nothing. */
  partial: boolean;
  /** Past `ratioFromBytes` unpacked, more than `maxRatio` times the packed size is refused. */
  maxRatio: number;
  ratioFromBytes: number;
}

/** Why an entry gave nothing. */
export type EntryProblem =
  | { kind: 'too-large' }
  | { kind: 'misstated'; stated: number; actual: number | 'more' }
  | { kind: 'packed-tight' }
  | { kind: 'unreadable'; why: string };

export type Unpacked =
  { ok: true; bytes: Uint8Array; whole: boolean } | { ok: false; problem: EntryProblem };

const LOCAL_SIGNATURE = 0x04034b50;
const ENCRYPTED_FLAG = 1;
/** Packed bytes handed to the inflater at a time: what one step can unpack stays bounded. */
const STEP_BYTES = 64 * 1024;

const unreadable = (why: string): Unpacked => ({ ok: false, problem: { kind: 'unreadable', why } });

/** Where the entry's packed data is, from its local header (which must name the same file). */
function dataRange(bytes: Uint8Array, entry: ZipEntry): { start: number; end: number } | string {
  const at = entry.headerOffset;
  if (at + 30 > bytes.length) return 'its header is past the end of the file';
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, 30);
  if (view.getUint32(0, true) !== LOCAL_SIGNATURE) return 'its header is damaged';
  const nameLength = view.getUint16(26, true);
  const start = at + 30 + nameLength + view.getUint16(28, true);
  const end = start + entry.packedSize;
  if (end > bytes.length) return 'its data runs past the end of the file';
  const localName = bytes.subarray(at + 30, at + 30 + nameLength);
  const centralName = new TextEncoder().encode(entry.name);
  // names in the legacy code page are compared as they were read (one byte a character)
  const same =
    localName.length === entry.name.length
      ? localName.every((byte, index) => byte === entry.name.charCodeAt(index))
      : localName.length === centralName.length &&
        localName.every((byte, index) => byte === centralName[index]);
  if (!same) return 'its header names another file';
  return { start, end };
}

function joined(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]?.length === length) return chunks[0];
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Unpacks one entry a step at a time, never past the budget: memory and time are bounded by
 * what the page reads, not by what the zip claims. An entry that unpacks to more or less than
 * its stated size is not trusted (its bytes are dropped); one that unpacks far beyond its
 * packed size, as zip bombs do, is stopped early.
 */
export function unpackEntry(bytes: Uint8Array, entry: ZipEntry, budget: UnpackBudget): Unpacked {
  if (entry.flags & ENCRYPTED_FLAG) return unreadable('it is encrypted');
  if (entry.method !== 0 && entry.method !== 8)
    return unreadable(`it is packed with method ${entry.method}, which this page does not read`);
  const range = dataRange(bytes, entry);
  if (typeof range === 'string') return unreadable(range);
  if (entry.statedSize > budget.maxBytes && !budget.partial)
    return { ok: false, problem: { kind: 'too-large' } };

  if (entry.method === 0) {
    const size = range.end - range.start;
    if (size !== entry.statedSize)
      return { ok: false, problem: { kind: 'misstated', stated: entry.statedSize, actual: size } };
    if (size > budget.maxBytes && !budget.partial)
      return { ok: false, problem: { kind: 'too-large' } };
    const kept = Math.min(size, budget.maxBytes);
    return {
      ok: true,
      bytes: bytes.subarray(range.start, range.start + kept),
      whole: kept === size,
    };
  }

  const chunks: Uint8Array[] = [];
  let total = 0;
  let stop: Unpacked | null = null;
  const ratioLimit = Math.max(budget.ratioFromBytes, entry.packedSize * budget.maxRatio);
  const inflater = new Inflate((data) => {
    if (stop) return;
    total += data.length;
    if (total > entry.statedSize)
      stop = {
        ok: false,
        problem: { kind: 'misstated', stated: entry.statedSize, actual: 'more' },
      };
    else if (total > budget.maxBytes) {
      if (!budget.partial) stop = { ok: false, problem: { kind: 'too-large' } };
      else {
        chunks.push(data.subarray(0, data.length - (total - budget.maxBytes)));
        stop = { ok: true, bytes: joined(chunks, budget.maxBytes), whole: false };
      }
    } else if (total > ratioLimit) stop = { ok: false, problem: { kind: 'packed-tight' } };
    else chunks.push(data);
  });
  try {
    for (let at = range.start; at < range.end && !stop; at += STEP_BYTES) {
      const end = Math.min(at + STEP_BYTES, range.end);
      inflater.push(bytes.subarray(at, end), end === range.end);
    }
  } catch (error) {
    return unreadable(error instanceof Error ? error.message : String(error));
  }
  if (stop) return stop;
  if (total !== entry.statedSize)
    return { ok: false, problem: { kind: 'misstated', stated: entry.statedSize, actual: total } };
  return { ok: true, bytes: joined(chunks, total), whole: true };
}
