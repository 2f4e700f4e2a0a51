/**
 * One level of the level path's states (level-count.ts): an open-addressing
 * table whose records hold the key, the parent link and the counts side by
 * side, so that adding a path into a state touches one place in memory
 * (finding the slot and then the counts elsewhere cost two cache misses per
 * operation, which was most of the time on large scenarios).
 *
 * The slot is the key's low bits: the keys reached from one level, taken in
 * slot order, are mostly increasing, so the tables are walked nearly in
 * order (a scattering hash made every operation a cache miss).
 *
 * Record at offset r (stride 1 + 2 * limbs): key + 1 (0: empty slot), then
 * the count of paths and the count of clean paths, each `limbs` limbs of 28
 * bits, lowest first.
 */

/** Work tables handed from an expanded level to a new one (fresh memory costs page faults). */
export type TablePool = Int32Array[];
const POOL_SIZE = 2;

export class LevelTable {
  size = 0;
  table: Int32Array;
  readonly stride: number;

  constructor(
    limbs: number,
    private readonly pool: TablePool,
    capacity: number,
  ) {
    this.stride = 1 + 2 * limbs;
    const slots = 2 * 2 ** Math.ceil(Math.log2(Math.max(1, capacity)));
    // The smallest pooled table that is large enough, else a new one.
    let best = -1;
    pool.forEach((t, i) => {
      if (t.length >= slots * this.stride && (best === -1 || t.length < pool[best]!.length)) best = i;
    });
    this.table = best === -1 ? new Int32Array(slots * this.stride) : pool.splice(best, 1)[0]!;
  }

  /** The offset of the state's record, added with zero counts when new. */
  find(key: number): number {
    const { table, stride } = this;
    const mask = table.length / stride - 1;
    let slot = key & mask;
    for (;;) {
      const at = slot * stride;
      const stored = table[at]!;
      if (stored === 0) break;
      if (stored === key + 1) return at;
      slot = (slot + 1) & mask;
    }
    if (2 * (this.size + 1) > table.length / stride) {
      this.grow();
      return this.find(key);
    }
    const at = slot * stride;
    this.size += 1;
    table[at] = key + 1;
    return at;
  }

  private grow(): void {
    const { table: old, stride } = this;
    const slots = (2 * old.length) / stride;
    const table = new Int32Array(slots * stride);
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

  /** Once expanded: gives the table, cleared, to the pool. */
  release(): void {
    const { table } = this;
    table.fill(0);
    this.pool.push(table);
    // Three levels are live at a time: a few tables in the pool are enough.
    if (this.pool.length > POOL_SIZE) this.pool.sort((a, b) => b.length - a.length).splice(POOL_SIZE);
    this.table = new Int32Array(0);
  }
}
