// Reads the outline of an MP4 file: its top-level boxes in order, and the movie's duration from
// the movie header (mvhd), enough to tell a finished, playable video from a broken one.

export interface Mp4Outline {
  /** Top-level box types in file order: `ftyp`, `moov`, `mdat`, … */
  boxes: string[];
  /** The movie's duration in seconds (mvhd), when there is a moov. */
  durationS: number | undefined;
}

function boxAt(bytes: Buffer, offset: number, end: number) {
  if (offset + 8 > end) return undefined;
  let size = bytes.readUInt32BE(offset);
  const type = bytes.toString('latin1', offset + 4, offset + 8);
  let header = 8;
  if (size === 1) {
    if (offset + 16 > end) return undefined;
    size = Number(bytes.readBigUInt64BE(offset + 8));
    header = 16;
  } else if (size === 0) size = end - offset;
  if (size < header) return undefined;
  return { type, start: offset + header, end: Math.min(offset + size, end), next: offset + size };
}

/** The movie header's duration: version 0 has 32-bit fields, version 1 64-bit ones. */
function mvhdDuration(bytes: Buffer, start: number): number | undefined {
  const version = bytes[start];
  if (version === 1) {
    const timescale = bytes.readUInt32BE(start + 20);
    const duration = Number(bytes.readBigUInt64BE(start + 24));
    return timescale > 0 ? duration / timescale : undefined;
  }
  const timescale = bytes.readUInt32BE(start + 12);
  const duration = bytes.readUInt32BE(start + 16);
  return timescale > 0 ? duration / timescale : undefined;
}

export function readMp4Outline(bytes: Buffer): Mp4Outline {
  const boxes: string[] = [];
  let durationS: number | undefined;
  for (let offset = 0; offset < bytes.length;) {
    const box = boxAt(bytes, offset, bytes.length);
    if (!box) break;
    boxes.push(box.type);
    if (box.type === 'moov') {
      for (let inner = box.start; inner < box.end;) {
        const child = boxAt(bytes, inner, box.end);
        if (!child) break;
        if (child.type === 'mvhd') durationS = mvhdDuration(bytes, child.start);
        inner = child.next;
      }
    }
    offset = box.next;
  }
  return { boxes, durationS };
}
