/**
 * The Lab screen's list: the catalogue's experiments in its order, then the
 * PostgreSQL grid; the sink choice exactly where the sink matters; every
 * blurb one line beside the names at 80 columns (so the list, the grid
 * entry and the settings fit an 80x24 frame).
 */
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../../../src/lab/experiment-catalogue.js';
import { SINK_EXPERIMENTS } from '../../../../src/lab/sink-kinds.js';
import { GRID_ENTRY, LAB_ENTRIES } from '../../../../src/ui/screens/lab/experiment-list.js';

describe('the Lab screen list', () => {
  it('lists every experiment, then the grid, which runs split', () => {
    expect(LAB_ENTRIES.map((e) => e.name)).toEqual([...EXPERIMENTS, 'isolation-grid']);
    expect(LAB_ENTRIES.at(-1)).toBe(GRID_ENTRY);
    expect(GRID_ENTRY).toMatchObject({ experiment: 'split', grid: true, sinkChoice: false });
  });

  it('offers the sink choice on the experiments whose sink matters, and only there', () => {
    expect(LAB_ENTRIES.filter((e) => e.sinkChoice).map((e) => e.name)).toEqual([...SINK_EXPERIMENTS]);
  });

  it('keeps every blurb to 55 characters: one line beside the longest name at 80 columns', () => {
    const nameColumn = 2 + Math.max(...LAB_ENTRIES.map((e) => e.name.length)) + 2;
    expect(80 - 2 - nameColumn).toBe(55);
    for (const e of LAB_ENTRIES) expect(e.blurb.length, e.blurb).toBeLessThanOrEqual(55);
  });
});
