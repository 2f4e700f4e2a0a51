// Types for scripts/fuzz/run.mjs, for the CI test that calls it.
export interface FuzzRow {
  loader: string;
  cases: number;
  exit0: number;
  exit1: number;
  exit2: number;
  failures: number;
  cpuP50: number;
  cpuMax: number;
  rssMax: number;
}
export interface FuzzFailure {
  loader: string;
  caseSeed: number;
  problem: string;
  input: string;
}
export const MAX_CPU_MS: number;
export const MAX_RSS_MB: number;
export interface FuzzLoader {
  name: string;
  file: string;
  seed: string;
  args: string[];
  writes?: string[];
}
export const LOADERS: readonly FuzzLoader[];
export function runCase(loader: FuzzLoader, caseSeed: number, asIs?: boolean): Promise<{ ok: boolean; problem?: string; status: number | null }>;
/** `jobs`: how many cases run at once (default 1). */
export function runFuzz(options: { cases: number; seed?: number; jobs?: number }): Promise<{ rows: FuzzRow[]; failures: FuzzFailure[] }>;
export function summaryTable(rows: FuzzRow[], options: { cases: number; seed: number }): string;
