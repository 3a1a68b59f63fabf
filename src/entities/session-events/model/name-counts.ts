/**
 * Counts of events by a name they carry (their type, category or level), kept as numbers in an
 * array by a small id for each name rather than in a Map by the name: a timeline counts every
 * event in when it arrives and out when it is evicted, three names each, and a Map looks each name
 * up by its characters (a live event's names are new strings with every batch). Read as a Map.
 */

/** Names that get an id; any name past them, or longer than NAME_ID_MAX_LENGTH, is counted by name. */
const NAME_IDS_MAX = 4_096;
const NAME_ID_MAX_LENGTH = 64;

const ids = new Map<string, number>();
const names: string[] = [];

/**
 * The id of `name`, the same for the page's life; -1 for a name that has none (the table is full,
 * or the name is long: a hostile stream's names are not kept for the page's life).
 */
export function nameId(name: string): number {
  const id = ids.get(name);
  if (id !== undefined) return id;
  if (names.length >= NAME_IDS_MAX || name.length > NAME_ID_MAX_LENGTH) return -1;
  names.push(name);
  ids.set(name, names.length - 1);
  return names.length - 1;
}

/** How many events hold each name: a ReadonlyMap of the names whose count is not zero. */
export class NameCounts implements ReadonlyMap<string, number> {
  private readonly byId: number[] = [];
  /** The names without an id. */
  private readonly byName = new Map<string, number>();
  private held = 0;

  /** Counts `by` (1 or -1) for the name of id `id` (nameId, not -1). */
  addId(id: number, by: number): void {
    const before = this.byId[id] ?? 0;
    const next = before + by;
    this.byId[id] = next;
    if (before === 0) this.held += 1;
    else if (next === 0) this.held -= 1;
  }

  /** Counts `by` for a name without an id. */
  addName(name: string, by: number): void {
    const next = (this.byName.get(name) ?? 0) + by;
    if (next === 0) this.byName.delete(name);
    else this.byName.set(name, next);
  }

  clear(): void {
    this.byId.length = 0;
    this.byName.clear();
    this.held = 0;
  }

  get size(): number {
    return this.held + this.byName.size;
  }

  get(name: string): number | undefined {
    const id = ids.get(name);
    const count = id === undefined ? this.byName.get(name) : this.byId[id];
    return count ? count : undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  *entries(): MapIterator<[string, number]> {
    const { byId } = this;
    for (let id = 0; id < byId.length; id += 1) {
      const count = byId[id];
      if (count) yield [names[id] as string, count];
    }
    yield* this.byName.entries();
  }

  *keys(): MapIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): MapIterator<number> {
    for (const [, count] of this.entries()) yield count;
  }

  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }

  forEach(visit: (count: number, name: string, map: ReadonlyMap<string, number>) => void): void {
    for (const [name, count] of this.entries()) visit(count, name, this);
  }
}
