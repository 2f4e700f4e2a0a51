/**
 * One level of the level path's states (level-count.ts): an open-addressing
 * table whose records hold the key, the parent link (when the sweep keeps
 * one) and the count side by side, so that adding a path into a state
 * touches one place in memory (finding the slot and then the count elsewhere
 * cost two cache misses per operation, which was most of the time on large
 * scenarios). The sweeps' cost is memory traffic: the smaller the record, the
 * faster (doubling the tables made 6 actors x 4 writes a third slower).
 *
 * The slot is the key's low bits: the keys reached from one level, taken in
 * slot order, are mostly increasing, so the tables are walked nearly in
 * order (a scattering hash made every operation a cache miss).
 *
 * Record at offset r (stride head + limbs), in doubles: key + 1 (0: empty
 * slot), the parent link if kept, then the count in `limbs` limbs of 52 bits,
 * lowest first (a double adds two of them and a carry exactly).
 */

/**
 * Work memory handed from an expanded level to a new one (fresh memory costs
 * page faults): zeroed buffers, of which a new level takes a view of the
 * size it needs (levels differ in their records' size).
 */
export type TablePool = ArrayBuffer[];
const POOL_SIZE = 2;

export class LevelTable {
  size = 0;
  table: Float64Array;
  /** Where a record's count starts: after the key, and the parent link if kept. */
  readonly head: number;
  readonly stride: number;
  /** After release, if links are kept: the keys and parent links of the states, in the same order (for the counterexample). */
  keptKeys = new Int32Array(0);
  keptParents = new Int32Array(0);

  constructor(
    /** Limbs of the counts at this level (levels deeper in the sweep need more). */
    readonly limbs: number,
    /** Keep each state's parent link (the sweep that finds the counterexample). */
    readonly linked: boolean,
    private readonly pool: TablePool,
    capacity: number,
  ) {
    this.head = linked ? 2 : 1;
    this.stride = this.head + limbs;
    const length = 2 * 2 ** Math.ceil(Math.log2(Math.max(1, capacity))) * this.stride;
    // The smallest pooled buffer that is large enough, else a new one.
    let best = -1;
    pool.forEach((b, i) => {
      if (b.byteLength >= 8 * length && (best === -1 || b.byteLength < pool[best]!.byteLength)) best = i;
    });
    this.table = best === -1 ? new Float64Array(length) : new Float64Array(pool.splice(best, 1)[0]!, 0, length);
  }

  /** The offset of the state's record, added with a zero count (and this parent link) when new. */
  find(key: number, parent: number): number {
    const { table, stride } = this;
    const slots = table.length / stride;
    const mask = slots - 1;
    let slot = key & mask;
    for (;;) {
      const at = slot * stride;
      const stored = table[at]!;
      if (stored === 0) break;
      if (stored === key + 1) return at;
      slot = (slot + 1) & mask;
    }
    if (2 * (this.size + 1) > slots) {
      this.grow();
      return this.find(key, parent);
    }
    const at = slot * stride;
    this.size += 1;
    table[at] = key + 1;
    if (this.linked) table[at + 1] = parent;
    return at;
  }

  private grow(): void {
    const { table: old, stride } = this;
    const slots = (2 * old.length) / stride;
    const table = new Float64Array(slots * stride);
    const mask = slots - 1;
    for (let from = 0; from < old.length; from += stride) {
      const stored = old[from]!;
      if (stored === 0) continue;
      let slot = (stored - 1) & mask;
      while (table[slot * stride] !== 0) slot = (slot + 1) & mask;
      table.set(old.subarray(from, from + stride), slot * stride);
    }
    this.table = table;
  }

  /** Once expanded: keeps the keys and parent links if linked, and gives the table, cleared, to the pool. */
  release(): void {
    const { table, stride } = this;
    if (this.linked) {
      this.keptKeys = new Int32Array(this.size);
      this.keptParents = new Int32Array(this.size);
      let i = 0;
      for (let at = 0; at < table.length; at += stride) {
        if (table[at] === 0) continue;
        this.keptKeys[i] = table[at]! - 1;
        this.keptParents[i] = table[at + 1]!;
        i += 1;
      }
    }
    // The rest of the buffer is still zero: only this view was written.
    table.fill(0);
    this.pool.push(table.buffer as ArrayBuffer);
    // Three levels are live at a time: a few buffers in the pool are enough.
    if (this.pool.length > POOL_SIZE) this.pool.sort((a, b) => b.byteLength - a.byteLength).splice(POOL_SIZE);
    this.table = new Float64Array(0);
  }

  /** The parent link of a released level's state (linked tables only). */
  parentOf(key: number): number {
    const i = this.keptKeys.indexOf(key);
    if (i === -1) throw new Error(`explorer: no state ${key} in this level`);
    return this.keptParents[i]!;
  }
}
