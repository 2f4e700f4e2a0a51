/** Several runs of one experiment and what they add up to (`--repeats N`). */
import { join } from 'node:path';
import { writeJsonAtomic } from '../platform/atomic-file.js';
import { toolVersion } from '../platform/package-root.js';
import type { LabResult } from './types.js';

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface RepeatSummary {
  schemaVersion: 1;
  version: string;
  experiment: string;
  coordinator: string;
  runs: number;
  expected: number;
  unexpected: number;
  verdict: 'expected' | 'unexpected';
  ttlMs: number;
  durationMs: Spread;
  observedExpiryWaitMs: Spread;
  outDir: string;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0] ?? Number.NaN, max: sorted[sorted.length - 1] ?? Number.NaN };
}

export function summarize(runs: LabResult[], outDir: string): RepeatSummary {
  const expected = runs.filter((r) => r.verdict === 'expected').length;
  return {
    schemaVersion: 1,
    version: toolVersion(),
    experiment: runs[0]?.experiment ?? '',
    coordinator: runs[0]?.coordinator ?? '',
    runs: runs.length,
    expected,
    unexpected: runs.length - expected,
    verdict: expected === runs.length ? 'expected' : 'unexpected',
    ttlMs: runs[0]?.ttlMs ?? 0,
    durationMs: spread(runs.map((r) => r.durationMs)),
    observedExpiryWaitMs: spread(runs.map((r) => r.observedExpiryWaitMs)),
    outDir,
  };
}

export function writeSummary(summary: RepeatSummary): void {
  writeJsonAtomic(join(summary.outDir, 'summary.json'), summary);
}
