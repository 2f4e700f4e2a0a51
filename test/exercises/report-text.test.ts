/**
 * How one check run reads as text: the requests and answers, the learner's
 * database calls in the order the adversary let them run, and the timeline;
 * a run with no database call says so instead of drawing a timeline with
 * every answer piled on one column.
 */
import { describe, expect, it } from 'vitest';
import { reportLines, runLines } from '../../src/exercises/report-text.js';
import type { ExerciseReport, TrialRun } from '../../src/exercises/types.js';

const requests: TrialRun['requests'] = [
  { writer: 'B', fn: 'write', value: 'B-current', token: 3 },
  { writer: 'A', fn: 'write', value: 'A-late', token: 1 },
];
const accepted = { accepted: true, status: 200 };

describe('runLines', () => {
  it('no database call: one sentence saying so, and no timeline', () => {
    const run: TrialRun = { requests, answers: [accepted, accepted], steps: [], final: { value: null, mark: 0 }, sentAt: [0, 0], answeredAt: [0, 0] };
    const lines = runLines(run, { width: 76, ascii: false });
    expect(lines).toContain('Your code made no database call: it answered without reading or changing the value and the mark.');
    expect(lines.join('\n')).not.toMatch(/step +0|├/);
  });

  it('with database calls: the calls in order and a timeline', () => {
    const run: TrialRun = {
      requests,
      answers: [accepted, accepted],
      steps: [
        { request: 0, op: 'run', sql: 'UPDATE resource SET value = ? WHERE id = 1' },
        { request: 1, op: 'run', sql: 'UPDATE resource SET value = ? WHERE id = 1' },
      ],
      final: { value: 'A-late', mark: 0 },
      sentAt: [0, 0],
      answeredAt: [1, 2],
    };
    const text = runLines(run, { width: 76, ascii: false }).join('\n');
    expect(text).toContain('1. B run UPDATE resource SET value = ? WHERE id = 1');
    expect(text).toMatch(/step +0/);
    expect(text).not.toContain('no database call');
  });
});

describe('reportLines', () => {
  it("names the learner's file neutralised: its folder comes from --dir or progress.json, and may hold an escape sequence", () => {
    const report = {
      schemaVersion: 1,
      kind: 'exercise',
      version: '0',
      exercise: 'fence-the-sink',
      title: 'Fence the sink',
      passed: false,
      checks: [],
      fileSha256: '',
      file: '/tmp/ex\u001b]0;PWNED\u0007\u202e/sink.mjs',
      startedAt: '',
      durationMs: 0,
      output: [],
    } as unknown as ExerciseReport;
    expect(reportLines(report, { width: 76, ascii: false })[1]).toBe('File: /tmp/ex<U+202E>/sink.mjs');
  });
});

describe('reportLines under --ascii', () => {
  it('folds what the options do not choose: a check detail, a cut line, the learner output', () => {
    const report: ExerciseReport = {
      exercise: 'fence-the-sink',
      title: 'Fence the sink',
      file: '/tmp/fence-the-sink/sink.mjs',
      passed: false,
      checks: [
        {
          id: 'stale-token',
          title: 'A stale token is refused',
          status: 'failed',
          summary: 'A-late was kept',
          runs: 1,
          wrong: 1,
          durationMs: 3,
          detail: ['write A-late token 1 → 200 accepted', 'a long line cut…'],
        },
      ],
      output: ['café ✓'],
    } as unknown as ExerciseReport;
    const unicode = reportLines(report, { width: 76, ascii: false }).join('\n');
    expect(unicode).toMatch(/→|…|é/);
    const ascii = reportLines(report, { width: 76, ascii: true }).join('\n');
    expect(ascii).toMatch(/token 1 > 200 accepted/);
    expect(ascii).not.toMatch(/[^\x00-\x7f]/);
  });
});
