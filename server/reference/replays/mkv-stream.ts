// A Matroska stream of JPEG frames, each with its time, for ffmpeg's input: the encoder sends a
// frame once, when the screen changed, instead of once a tick, so ffmpeg decodes each picture
// once and repeats it itself for the ticks it lasts. The stream is written as it goes (the
// segment's size is left unknown, as a live stream's) and every cluster holds one frame.
// Matroska's elements: https://www.matroska.org/technical/elements.html

/** An EBML element's size as a variable-length integer, in as few bytes as it fits. */
export function vint(value: number): Buffer {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not an element size: ${value}`);
  // all ones in a length is "unknown size", so the largest value of each length is skipped
  let length = 1;
  while (length < 8 && value >= 2 ** (7 * length) - 1) length += 1;
  const bytes = Buffer.alloc(length);
  let rest = value;
  for (let index = length - 1; index >= 0; index--) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0] = (bytes[0] ?? 0) | (0x80 >> (length - 1));
  return bytes;
}

/** An unsigned integer's bytes, big-endian, as few as hold it (one at least). */
function uintBytes(value: number): Buffer {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not an unsigned value: ${value}`);
  const bytes: number[] = [];
  let rest = value;
  do {
    bytes.unshift(rest % 256);
    rest = Math.floor(rest / 256);
  } while (rest > 0);
  return Buffer.from(bytes);
}

/** An element: its ID's bytes (the length marker included), its size, its data. */
function element(id: number, data: Buffer): Buffer {
  return Buffer.concat([uintBytes(id), vint(data.length), data]);
}

const uint = (id: number, value: number): Buffer => element(id, uintBytes(value));
const text = (id: number, value: string): Buffer => element(id, Buffer.from(value, 'utf8'));
const master = (id: number, ...children: Buffer[]): Buffer => element(id, Buffer.concat(children));

const SEGMENT = 0x18538067;
/** A size of all ones: the segment lasts until the stream ends. */
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const CLUSTER = 0x1f43b675;
const CLUSTER_TIME = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const BLOCK_DURATION = 0x9b;
/** A simple block's head: track 1, its time relative to the cluster's (0), a keyframe. */
const SIMPLE_BLOCK_HEAD = Buffer.from([0x81, 0x00, 0x00, 0x80]);
/** A grouped block's head: the same, without flags (a group with no reference is a keyframe). */
const BLOCK_HEAD = Buffer.from([0x81, 0x00, 0x00, 0x00]);

/**
 * The stream's start: the EBML header, then the segment (of unknown size) with its info (times
 * in milliseconds) and one video track of JPEGs `width` × `height` (the first frame's size; a
 * later frame may have another, as a resized screen does).
 */
export function mkvHeader(width: number, height: number): Buffer {
  const ebml = master(
    0x1a45dfa3,
    uint(0x4286, 1), // EBMLVersion
    uint(0x42f7, 1), // EBMLReadVersion
    uint(0x42f2, 4), // EBMLMaxIDLength
    uint(0x42f3, 8), // EBMLMaxSizeLength
    text(0x4282, 'matroska'), // DocType
    uint(0x4287, 4), // DocTypeVersion
    uint(0x4285, 2), // DocTypeReadVersion
  );
  const info = master(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000), // TimestampScale: a millisecond
    text(0x4d80, 'Session Console'), // MuxingApp
    text(0x5741, 'Session Console'), // WritingApp
  );
  const tracks = master(
    0x1654ae6b,
    master(
      0xae, // TrackEntry
      uint(0xd7, 1), // TrackNumber
      uint(0x73c5, 1), // TrackUID
      uint(0x83, 1), // TrackType: video
      text(0x86, 'V_MJPEG'), // CodecID
      master(0xe0, uint(0xb0, width), uint(0xba, height)), // Video: PixelWidth, PixelHeight
    ),
  );
  return Buffer.concat([ebml, uintBytes(SEGMENT), UNKNOWN_SIZE, info, tracks]);
}

/**
 * What goes before a frame's JPEG bytes: a cluster at `atMs` holding one block of `jpegBytes`
 * bytes. The JPEG itself is written after it as it is, not copied into one buffer with it. A
 * frame's length is where the next one starts; the last one's is not known that way (a reader
 * would guess it from the gap before it), so `lastsMs` gives it, in a block group that says it.
 */
export function mkvFrameHead(atMs: number, jpegBytes: number, lastsMs?: number): Buffer {
  const time = uint(CLUSTER_TIME, Math.round(atMs));
  const blockSize = BLOCK_HEAD.length + jpegBytes;
  let block: Buffer;
  if (lastsMs === undefined) {
    block = Buffer.concat([uintBytes(SIMPLE_BLOCK), vint(blockSize), SIMPLE_BLOCK_HEAD]);
  } else {
    const duration = uint(BLOCK_DURATION, Math.round(lastsMs));
    const inner = Buffer.concat([uintBytes(BLOCK), vint(blockSize), BLOCK_HEAD]);
    const groupSize = duration.length + inner.length + jpegBytes;
    block = Buffer.concat([uintBytes(BLOCK_GROUP), vint(groupSize), duration, inner]);
  }
  const clusterSize = time.length + block.length + jpegBytes;
  return Buffer.concat([uintBytes(CLUSTER), vint(clusterSize), time, block]);
}
