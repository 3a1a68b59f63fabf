import type { ZipEntry } from './zip-directory';
import { unpackEntry, type EntryProblem } from './zip-entry';
import { sizeText } from './size-text';

/** LIMITS.bundle, or smaller ones (tests). */
export interface BundleLimits {
  maxBytes: number;
  entryMaxBytes: number;
  maxEntries: number;
  maxRatio: number;
  ratioFromBytes: number;
}

/** What a text part holds, for saying what of it is shown when only its start is read. */
export type TextKind = 'events' | 'lines';

function problemText(name: string, problem: EntryProblem, limit: string, limits: BundleLimits) {
  switch (problem.kind) {
    case 'too-large':
      return `${name} is larger than ${limit}; it was not read`;
    case 'misstated':
      return problem.actual === 'more'
        ? `${name} unpacks to more than the ${sizeText(problem.stated)} its header states; a part that misstates its size is not read`
        : `${name} unpacks to ${sizeText(problem.actual)}, not the ${sizeText(problem.stated)} its header states; a part that misstates its size is not read`;
    case 'packed-tight':
      return `${name} unpacks to more than ${limits.maxRatio.toLocaleString('en-US')} times its packed size, as zip bombs do; it was not read`;
    case 'unreadable':
      return `${name} could not be unpacked: ${problem.why}`;
  }
}

/**
 * The parts of one bundle, each unpacked when asked for, within one budget for the whole bundle
 * (LIMITS.bundle): every part that is absent, cut short or not read is said in `missing`, with
 * the reason, in the words the opened bundle shows.
 */
export class BundleParts {
  readonly missing: string[] = [];
  private left: number;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly entries: ReadonlyMap<string, ZipEntry>,
    private readonly limits: BundleLimits,
  ) {
    this.left = limits.maxBytes;
  }

  /** The part's bytes, or null (absent or not read, and said). */
  bytesOf(name: string): Uint8Array | null {
    return this.read(name, null, `${name}: absent`);
  }

  /**
   * A text part, or null (absent or not read, and said). A part beyond the budget gives the
   * lines of its first part (`kind` says of what), cut at the last whole line, and says so.
   */
  textOf(name: string, kind: TextKind | null, absent: string | null = `${name}: absent`) {
    const bytes = this.read(name, kind, absent);
    return bytes === null ? null : new TextDecoder().decode(bytes);
  }

  private read(name: string, kind: TextKind | null, absent: string | null): Uint8Array | null {
    const entry = this.entries.get(name);
    if (!entry) {
      if (absent !== null) this.missing.push(absent);
      return null;
    }
    const byTotal = this.left < this.limits.entryMaxBytes;
    const maxBytes = byTotal ? this.left : this.limits.entryMaxBytes;
    const limit = byTotal
      ? `what is left of the ${sizeText(this.limits.maxBytes)} this page reads of a bundle`
      : `the ${sizeText(maxBytes)} this page reads`;
    const result = unpackEntry(this.bytes, entry, {
      maxBytes,
      partial: kind !== null,
      maxRatio: this.limits.maxRatio,
      ratioFromBytes: this.limits.ratioFromBytes,
    });
    if (!result.ok) {
      this.missing.push(problemText(name, result.problem, limit, this.limits));
      return null;
    }
    let { bytes } = result;
    if (!result.whole) {
      // the lines it holds whole; the line cut in two is left out with the rest
      bytes = bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
      if (bytes.length === 0) {
        this.missing.push(`${name} is larger than ${limit}; it was not read`);
        return null;
      }
      this.missing.push(
        `${name} is larger than ${limit}; only the ${kind ?? 'data'} in its first ${sizeText(maxBytes)} are shown`,
      );
    }
    this.left -= bytes.length;
    return bytes;
  }
}
