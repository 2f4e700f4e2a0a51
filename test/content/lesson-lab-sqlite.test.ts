/**
 * Lesson 11 tells the learner how to open the lab's database: the command
 * it gives is one the lab's report prints (report.txt, "Look for
 * yourself"), with DIR for the evidence folder; a bare `sqlite3 sink.sqlite`
 * opened a shell in the wrong folder with no table named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { reportText } from '../../src/lab/evidence/write-evidence.js';
import { EXPERIMENT_TABLE } from '../../src/lab/experiments/index.js';
import type { LabResult } from '../../src/lab/types.js';

const lesson = readFileSync(join(import.meta.dirname, '../../lessons/11-the-lab.md'), 'utf8');

it("lesson 11's sqlite3 commands are the ones the lab report prints", () => {
  const result: LabResult = {
    schemaVersion: 1,
    version: '0.0.0',
    experiment: 'late-write',
    coordinator: 'embedded',
    ttlMs: 2000,
    requestedTtlMs: 2000,
    tokens: { A: 1, B: 3 },
    observedExpiryWaitMs: 2000,
    stoppedAfterMs: 100,
    modes: {},
    verdict: 'expected',
    checks: [],
    durationMs: 3000,
    sink: { url: 'http://127.0.0.1:1', database: '/tmp/run/sink.sqlite' },
    pids: { A: 1, B: 2, sink: [3] },
    observations: [],
    startedAt: new Date(0).toISOString(),
    outDir: '/tmp/run',
  };
  const report = reportText(result, EXPERIMENT_TABLE['late-write']);
  const commands = [...lesson.replace(/\s*\n\s*/g, ' ').matchAll(/`(sqlite3 [^`]*)`/g)].map((m) => m[1]!);
  expect(commands.length).toBeGreaterThan(0);
  for (const command of commands) expect(report).toContain(command.replace('DIR/sink.sqlite', '/tmp/run/sink.sqlite'));
});
