/**
 * The evidence of a run, in its out dir: run.json (the result, exactly what
 * --json prints), report.txt (for people) and timeline.txt (the observed run
 * drawn by the engine's text renderer). Each is written atomically and says
 * which schema and tool version wrote it. The sink's database sink.sqlite
 * sits beside them; its `meta` table carries the same two fields.
 */
import { join } from 'node:path';
import { renderTimeline } from '../../core/timeline/index.js';
import { writeFileAtomic, writeJsonAtomic } from '../../platform/atomic-file.js';
import type { Experiment } from '../experiments/experiment.js';
import type { LabResult } from '../types.js';
import { describeModes } from './describe.js';
import { labTimeline } from './lab-timeline.js';

export const EVIDENCE_FILES = ['run.json', 'report.txt', 'timeline.txt', 'sink.sqlite'] as const;

export function writeEvidence(result: LabResult, experiment: Experiment): void {
  writeJsonAtomic(join(result.outDir, 'run.json'), result);
  writeFileAtomic(join(result.outDir, 'report.txt'), reportText(result, experiment));
  writeFileAtomic(join(result.outDir, 'timeline.txt'), timelineText(result));
}

function header(result: LabResult, what: string): string[] {
  return [`fence-tutor ${result.version} · lab ${what} · schemaVersion ${result.schemaVersion}`, ''];
}

export function timelineText(result: LabResult, width = 100): string {
  const lines = renderTimeline(labTimeline(result), { width, unit: 'ms' });
  return [
    ...header(result, 'timeline'),
    `${result.experiment}, ${result.coordinator} coordinator, TTL ${result.ttlMs} ms; times in ms since A's grant, events spaced in order (not to scale)`,
    '',
    ...lines,
    '',
  ].join('\n');
}

export function reportText(result: LabResult, experiment: Experiment): string {
  const lines = [
    ...header(result, 'report'),
    `Experiment   ${result.experiment}: ${experiment.title}`,
    `Coordinator  ${result.coordinator}${result.etcdEndpoints ? ` (${result.etcdEndpoints.join(', ')})` : ''}`,
    `TTL          ${result.ttlMs} ms granted (${result.requestedTtlMs} ms asked)`,
    `Tokens       A ${result.tokens.A}, B ${result.tokens.B}`,
    `Stopped      A was stopped ${result.stoppedAfterMs} ms after its grant`,
    `Expiry seen  ${result.observedExpiryWaitMs} ms after A's grant (polled, not assumed)`,
    `Duration     ${result.durationMs} ms from the command's start to the verdict${
      result.etcdStartMs !== undefined ? ` (etcd's ${result.etcdStartMs} ms start left out)` : ''
    }`,
    `Started      ${result.startedAt}`,
    '',
    'Writes',
  ];
  for (const [mode, m] of Object.entries(result.modes)) {
    const row = (who: string, w: typeof m.bWrite) =>
      w ? `  ${mode.padEnd(7)} ${who.padEnd(12)} ${w.status} ${w.accepted ? 'accepted' : 'refused'} ${JSON.stringify(w.body)}` : '';
    for (const r of [row('B-current', m.bWrite), row('A-late (A)', m.lateWrite)]) if (r) lines.push(r);
    lines.push(
      `  ${mode.padEnd(7)} final        value ${JSON.stringify(m.final.value)}, token ${m.final.token ?? '-'}${
        m.final.hwm !== undefined ? `, mark ${m.final.hwm}` : ''
      }`,
    );
  }
  lines.push('', 'Outcome');
  for (const line of describeModes(result)) lines.push(`  ${line.mode.padEnd(7)} ${line.value.padEnd(10)} ${line.text}`);
  lines.push('', `Verdict      ${result.verdict}`);
  for (const c of result.checks) lines.push(`  [${c.ok ? 'ok' : 'FAILED'}] ${c.text}`);
  lines.push('', 'What happened', ...experiment.explanation.map((l) => `  ${l}`));
  lines.push(
    '',
    'Look for yourself',
    `  sqlite3 ${result.sink.database} 'SELECT * FROM writes'`,
    `  sqlite3 ${result.sink.database} 'SELECT * FROM resource'`,
    `  Processes: A pid ${result.pids.A}, B pid ${result.pids.B}, sink pid(s) ${result.pids.sink.join(', ')}`,
    '',
  );
  return lines.join('\n');
}
