/**
 * Layout of a list whose rows all have one height except a few taller ones (an expanded row): the
 * position of any row, and the row at any offset, cost O(taller rows) instead of O(rows), so a
 * list of a million rows lays out in microseconds.
 */
export interface TallRow {
  index: number;
  /** Pixels beyond the row height. */
  extra: number;
}

export class RowLayout {
  /** `tall` must be sorted by index, each index at most once. */
  constructor(
    readonly count: number,
    readonly rowHeight: number,
    private readonly tall: readonly TallRow[] = [],
  ) {}

  /** Top of row `index` (index may be `count`: the end). */
  startOf(index: number): number {
    let start = index * this.rowHeight;
    for (const row of this.tall) {
      if (row.index >= index) break;
      start += row.extra;
    }
    return start;
  }

  sizeOf(index: number): number {
    const row = this.tall.find((candidate) => candidate.index === index);
    return this.rowHeight + (row?.extra ?? 0);
  }

  get totalSize(): number {
    return this.startOf(this.count);
  }

  /** The row under offset `y`, clamped to the rows there are (0 when there are none). */
  indexAt(y: number): number {
    if (this.count === 0) return 0;
    let shift = 0;
    for (const row of this.tall) {
      if (row.index >= this.count) break;
      const top = row.index * this.rowHeight + shift;
      if (y < top) break;
      if (y < top + this.rowHeight + row.extra) return row.index;
      shift += row.extra;
    }
    const index = Math.floor((y - shift) / this.rowHeight);
    return Math.min(this.count - 1, Math.max(0, index));
  }

  /** Rows intersecting [top, top + height), widened by `overscan` rows each side. */
  range(top: number, height: number, overscan: number): { first: number; last: number } {
    if (this.count === 0) return { first: 0, last: -1 };
    const first = Math.max(0, this.indexAt(top) - overscan);
    const last = Math.min(this.count - 1, this.indexAt(top + Math.max(0, height - 1)) + overscan);
    return { first, last };
  }
}
