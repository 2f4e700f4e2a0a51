/**
 * Kills (SIGKILL) a writer process at random moments while it rewrites
 * state files, many times, and checks after each kill that every file is
 * whole: either absent (never written yet) or one complete version, never
 * truncated or mixed. Then one clean write, after which no temp file may be
 * left. Reusable for any file the tutor writes: give a driver that prints
 * "writing" when its loop starts and writes once with a final `once`
 * argument (see test/fixtures/children/state-writer.ts), and a `whole`
 * check per file. Exercise reports, once they exist, plug in the same way.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runChild } from './child-bundle.js';
import { waitUntil } from './wait-until.js';
import { mulberry32 } from '../../src/core/quiz/rng.js';

export interface KillWhileWritingOptions {
  /** The bundled driver (bundleChild). */
  script: string;
  /** Arguments before the directory: e.g. the kind of file. */
  args: string[];
  dir: string;
  /** The files the driver writes, relative to `dir`. */
  files: string[];
  /** True when `content` is one complete version of `file`. */
  whole: (file: string, content: string) => boolean;
  kills: number;
  /** Kills land uniformly in [0, maxDelayMs) after the loop began. */
  maxDelayMs: number;
  seed: number;
}

export interface KillWhileWritingReport {
  kills: number;
  /** Files found complete after a kill, per file. */
  whole: Record<string, number>;
  /** Files found broken: must stay empty. */
  broken: string[];
  /** Kills after which a temp file was left (the kill landed mid-write). */
  tempLeft: number;
  /** Temp files still there after the final clean write: must be none. */
  tempsAfterCleanWrite: string[];
}

const temps = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

/** Until the writer prints `line` (a loaded machine may take seconds to start node); fails at once if it ends first. */
async function waitForLine(child: ReturnType<typeof runChild>, line: string): Promise<void> {
  let ended = false;
  void child.done.then(() => {
    ended = true;
  });
  await waitUntil(() => ended || child.output().includes(`${line}\n`), { every: 2, timeout: 30_000, what: `the writer to print "${line}"` });
  if (!child.output().includes(`${line}\n`)) throw new Error(`the writer ended before it printed "${line}": ${(await child.done).stderr}`);
}

export async function killWhileWriting(o: KillWhileWritingOptions): Promise<KillWhileWritingReport> {
  // Seeded, so a failure can be replayed.
  const next = mulberry32(o.seed);
  const report: KillWhileWritingReport = { kills: 0, whole: {}, broken: [], tempLeft: 0, tempsAfterCleanWrite: [] };
  for (let k = 0; k < o.kills; k++) {
    const child = runChild(o.script, [...o.args, o.dir]);
    await waitForLine(child, 'writing');
    await new Promise((r) => setTimeout(r, Math.floor(next() * o.maxDelayMs)));
    child.kill('SIGKILL');
    const result = await child.done;
    if (result.signal !== 'SIGKILL') throw new Error(`the writer ended before it was killed: ${result.stderr}`);
    report.kills++;
    for (const file of o.files) {
      const path = join(o.dir, file);
      if (!existsSync(path)) continue;
      if (o.whole(file, readFileSync(path, 'utf8'))) report.whole[file] = (report.whole[file] ?? 0) + 1;
      else report.broken.push(`${file} after kill ${k + 1}`);
    }
    if (temps(o.dir).length > 0) report.tempLeft++;
  }
  const clean = await runChild(o.script, [...o.args, o.dir, 'once']).done;
  if (clean.code !== 0) throw new Error(`the clean write failed: ${clean.stderr}`);
  report.tempsAfterCleanWrite = temps(o.dir);
  return report;
}
