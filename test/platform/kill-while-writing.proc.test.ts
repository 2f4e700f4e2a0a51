/**
 * SIGKILL at random moments while the tutor writes progress, a quiz report
 * and lab evidence: afterwards each file is one whole version (old or new),
 * never truncated, and the next write removes the temp files the kills left.
 * (Exercise reports do not exist yet; test/helpers/kill-while-writing.ts
 * takes them as one more kind.)
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, it, vi } from 'vitest';
import { bundleChild } from '../helpers/child-bundle.js';
import { killWhileWriting } from '../helpers/kill-while-writing.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

let script: string;
beforeAll(() => {
  script = bundleChild('state-writer');
});

const SIZE = 1500; // as in the writer
const KILLS = 12;

function json(content: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(content) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const allSame = (values: unknown[]) => values.length > 0 && values.every((v) => v === values[0]);

const WHOLE: Record<string, (content: string) => boolean> = {
  'progress.json': (c) => {
    const lessons = Object.values((json(c)?.lessons ?? {}) as Record<string, { timeSpentMs: number }>);
    return lessons.length === SIZE && allSame(lessons.map((l) => l.timeSpentMs));
  },
  'report.json': (c) => {
    const r = json(c) as { contentHash: string; questions: { id: string }[] } | undefined;
    return r?.questions.length === SIZE && r.questions.every((q) => q.id.endsWith(`-v${r.contentHash}`));
  },
  'run.json': (c) => {
    const r = json(c) as { durationMs: number; checks: { text: string }[] } | undefined;
    return r?.checks.length === SIZE && r.checks.every((x) => x.text.endsWith(`of version ${r.durationMs}`));
  },
  'report.txt': (c) => {
    const versions = [...c.matchAll(/\] check \d+ of version (\d+)$/gm)].map((m) => m[1]);
    return versions.length === SIZE && allSame(versions) && c.endsWith('sink pid(s) 3\n');
  },
  'timeline.txt': (c) => c.startsWith('fence-tutor ') && c.includes("times in ms since A's grant") && c.endsWith('\n'),
};

// Concurrent: each kind has its own directory and its own writer processes,
// and the kills of one kind never touch another's files. Within a kind the
// kills stay one after another: each writer starts from what the last kill left.
describe('SIGKILL while writing state', { concurrent: true }, () => {
  it.for([
    ['progress', ['progress.json']],
    ['report', ['report.json']],
    ['evidence', ['run.json', 'report.txt', 'timeline.txt']],
  ] as const)(
    '%s: every file is whole after each of the kills, and the next write leaves no temp file',
    { timeout: 300_000 },
    async ([kind, files], { expect }) => {
      const dir = mkdtempSync(join(process.env.FENCE_TUTOR_HOME!, `kill-${kind}-`));
      const report = await killWhileWriting({
        script,
        args: [kind],
        dir,
        files: [...files],
        whole: (file, content) => WHOLE[file]!(content),
        kills: KILLS,
        maxDelayMs: 300,
        seed: 22,
      });
      expect(report.kills).toBe(KILLS);
      expect(report.broken).toEqual([]);
      // Every file was there after every kill (version 0 is written first), and whole.
      expect(report.whole).toEqual(Object.fromEntries(files.map((f) => [f, KILLS])));
      expect(report.tempsAfterCleanWrite).toEqual([]);
      console.log(`${kind}: ${report.kills} kills, ${report.tempLeft} left a temp file, whole: ${JSON.stringify(report.whole)}`);
    },
  );
});
