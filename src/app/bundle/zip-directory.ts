/**
 * The list of a .zip's entries, read from its central directory (the index at the file's end)
 * with every offset checked against the file: nothing is unpacked here, and nothing a header
 * states is trusted beyond where it points (sizes are checked while unpacking, zip-entry.ts).
 */

export interface ZipEntry {
  name: string;
  /** 0: stored as is; 8: deflated. */
  method: number;
  flags: number;
  /** Bytes of its packed data in the file. */
  packedSize: number;
  /** What the directory says it unpacks to: a claim, checked while unpacking. */
  statedSize: number;
  /** Where its local header starts. */
  headerOffset: number;
}

export type ZipDirectory =
  { ok: true; entries: ReadonlyMap<string, ZipEntry> } | { ok: false; reason: string };

const END_SIGNATURE = 0x06054b50;
const END64_LOCATOR_SIGNATURE = 0x07064b50;
const END64_SIGNATURE = 0x06064b50;
const ENTRY_SIGNATURE = 0x02014b50;
const UTF8_NAME_FLAG = 0x800;
const SIZE_IN_EXTRA = 0xffffffff;

class Damaged extends Error {}

function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const within = (at: number, length: number): void => {
    if (at < 0 || at + length > bytes.length)
      throw new Damaged('its directory points past the file');
  };
  return {
    u16(at: number): number {
      within(at, 2);
      return view.getUint16(at, true);
    },
    u32(at: number): number {
      within(at, 4);
      return view.getUint32(at, true);
    },
    u64(at: number): number {
      within(at, 8);
      const value = view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
      if (!Number.isSafeInteger(value)) throw new Damaged('it states a size no file has');
      return value;
    },
  };
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/** The end of central directory record: where the directory starts and how many entries it has. */
function findDirectory(bytes: Uint8Array): { count: number; offset: number } {
  const read = reader(bytes);
  // the record is 22 bytes, followed by a comment of at most 65,535
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = bytes.length - 22;
  while (end >= lowest && read.u32(end) !== END_SIGNATURE) end -= 1;
  if (end < lowest) throw new Damaged('no zip directory at its end');
  let count = read.u16(end + 10);
  let offset = read.u32(end + 16);
  // zip64: the counts and the offset are in a record before this one
  if (end >= 20 && read.u32(end - 20) === END64_LOCATOR_SIGNATURE) {
    const end64 = read.u64(end - 12);
    if (read.u32(end64) !== END64_SIGNATURE) throw new Damaged('its zip64 directory is missing');
    count = read.u64(end64 + 32);
    offset = read.u64(end64 + 48);
  }
  return { count, offset };
}

/** Sizes and offset of an entry, from its zip64 extra field where the directory says so. */
function zip64Values(
  bytes: Uint8Array,
  extraAt: number,
  extraLength: number,
  values: { statedSize: number; packedSize: number; headerOffset: number },
): void {
  const read = reader(bytes);
  for (let at = extraAt; at + 4 <= extraAt + extraLength; at += 4 + read.u16(at + 2)) {
    if (read.u16(at) !== 1) continue;
    let field = at + 4;
    for (const key of ['statedSize', 'packedSize', 'headerOffset'] as const) {
      if (values[key] !== SIZE_IN_EXTRA) continue;
      values[key] = read.u64(field);
      field += 8;
    }
    return;
  }
  throw new Damaged('an entry’s sizes are missing');
}

/**
 * Reads the directory of `bytes`. A file that is not a zip, a directory that points outside the
 * file, more than `maxEntries` entries, or two entries with one name, is refused with the reason.
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipDirectory {
  const entries = new Map<string, ZipEntry>();
  const repeated = new Map<string, number>();
  try {
    const read = reader(bytes);
    const { count, offset } = findDirectory(bytes);
    if (count > maxEntries)
      return {
        ok: false,
        reason: `it holds ${count.toLocaleString('en-US')} entries, more than the ${maxEntries.toLocaleString('en-US')} this page reads of a bundle`,
      };
    let at = offset;
    for (let index = 0; index < count; index += 1) {
      if (read.u32(at) !== ENTRY_SIGNATURE) throw new Damaged('its directory is damaged');
      const flags = read.u16(at + 8);
      const nameLength = read.u16(at + 28);
      const extraLength = read.u16(at + 30);
      const commentLength = read.u16(at + 32);
      const values = {
        statedSize: read.u32(at + 24),
        packedSize: read.u32(at + 20),
        headerOffset: read.u32(at + 42),
      };
      if (at + 46 + nameLength > bytes.length) throw new Damaged('its directory is cut short');
      const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
      const name = flags & UTF8_NAME_FLAG ? new TextDecoder().decode(nameBytes) : latin1(nameBytes);
      if (Object.values(values).includes(SIZE_IN_EXTRA))
        zip64Values(bytes, at + 46 + nameLength, extraLength, values);
      if (entries.has(name)) repeated.set(name, (repeated.get(name) ?? 1) + 1);
      else entries.set(name, { name, method: read.u16(at + 10), flags, ...values });
      at += 46 + nameLength + extraLength + commentLength;
    }
  } catch (error) {
    if (!(error instanceof Damaged)) throw error;
    return { ok: false, reason: `it is not a zip file that can be read (${error.message})` };
  }
  const [first] = repeated;
  if (first) {
    const [name, copies] = first;
    return {
      ok: false,
      reason: `it holds ${copies === 2 ? 'two' : copies.toLocaleString('en-US')} entries named ${name}, and which one is right cannot be known`,
    };
  }
  return { ok: true, entries };
}
