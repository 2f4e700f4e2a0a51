/**
 * The evidence of a run, in its out dir: run.json (the result, exactly what
 * --json prints), report.txt (for people), timeline.txt (the observed run
 * drawn by the engine's text renderer), and timeline.svg and timeline.html
 * (the same run as a picture, and a page with it and the facts). Each is written atomically and says
 * which schema and tool version wrote it. The sink's database sink.sqlite
 * sits beside them; its `meta` table carries the same two fields.
 */
import { join } from 'node:path';
import { renderTimeline } from '../../core/timeline/index.js';
import { writeFileAtomic, writeJsonAtomic } from '../../platform/atomic-file.js';
import type { Experiment } from '../experiments/experiment.js';
import { formatToken } from '../../core/token.js';
import type { EnsembleFailoverEvidence, FailoverEvidence, LabResult, LabToken, ModeResult, RestoreEvidence } from '../types.js';
import { describeModes, modeColumnWidth } from './describe.js';
import { labTimeline } from './lab-timeline.js';
import { timelinePage, timelinePicture } from './timeline-picture.js';
import { shellQuote } from '../../platform/shell-quote.js';

/**
 * Every evidence file written here, with what it holds: a new evidence file
 * joins this table. The sink writes sink.sqlite itself, beside them.
 */
function evidenceContents(result: LabResult, experiment: Experiment) {
  const report = reportText(result, experiment);
  // The same run as a picture, and a page with the picture and the facts (timeline-picture.ts).
  const svg = timelinePicture(result);
  return {
    'run.json': () => writeJsonAtomic(join(result.outDir, 'run.json'), result),
    'report.txt': () => writeFileAtomic(join(result.outDir, 'report.txt'), report),
    'timeline.txt': () => writeFileAtomic(join(result.outDir, 'timeline.txt'), timelineText(result)),
    'timeline.svg': () => writeFileAtomic(join(result.outDir, 'timeline.svg'), svg),
    'timeline.html': () => writeFileAtomic(join(result.outDir, 'timeline.html'), timelinePage(result, svg, report)),
  } as const;
}

type EvidenceFile = keyof ReturnType<typeof evidenceContents>;

/** The files writeEvidence writes into a run's out dir, in order. */
export const EVIDENCE_FILES: readonly EvidenceFile[] = ['run.json', 'report.txt', 'timeline.txt', 'timeline.svg', 'timeline.html'];

export function writeEvidence(result: LabResult, experiment: Experiment): void {
  const writers = evidenceContents(result, experiment);
  for (const file of EVIDENCE_FILES) writers[file]();
}

function header(result: LabResult, what: string): string[] {
  return [`fence-tutor ${result.version} · lab ${what} · schemaVersion ${result.schemaVersion}`, ''];
}

function timelineText(result: LabResult, width = 100): string {
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
    `Tokens       ${tokensLine(result)}`,
    // restore waits for no expiry and stops no worker before a grant runs out: those lines would be NaN.
    ...(Number.isFinite(result.stoppedAfterMs) ? [`Stopped      A was stopped ${result.stoppedAfterMs} ms after its grant`] : []),
    ...(Number.isFinite(result.observedExpiryWaitMs) ? [`Expiry seen  ${result.observedExpiryWaitMs} ms after A's grant (polled, not assumed)`] : []),
    `Duration     ${result.durationMs} ms from the command's start to the verdict${
      result.etcdStartMs !== undefined ? ` (etcd's ${result.etcdStartMs} ms start left out)` : ''
    }`,
    `Started      ${result.startedAt}`,
    '',
    'Writes',
  ];
  const width = modeColumnWidth(result);
  for (const [mode, m] of Object.entries(result.modes)) {
    const row = (who: string, w: typeof m.bWrite) =>
      w ? `  ${mode.padEnd(width)} ${who.padEnd(12)} ${w.status} ${w.accepted ? 'accepted' : 'refused'} ${JSON.stringify(w.body)}` : '';
    const late = result.experiment === 'restore' ? 'C-late (C)' : 'A-late (A)';
    for (const r of [row('B-current', m.bWrite), row('D-current', m.dWrite), row(late, m.lateWrite)]) if (r) lines.push(r);
    if (m.tokens) {
      lines.push(`  ${mode.padEnd(width)} tokens       ${tokenList(m.tokens)}`);
    }
    lines.push(
      `  ${mode.padEnd(width)} final        value ${JSON.stringify(m.final.value)}, token ${formatToken(m.final.token, true)}${
        m.final.hwm !== undefined ? `, mark ${formatToken(m.final.hwm, true)}` : ''
      }`,
    );
  }
  if (result.failover) lines.push('', ...failoverLines(result.failover));
  if (result.ensembleFailover) lines.push('', ...ensembleLines(result.ensembleFailover));
  if (result.modes.epoch) lines.push('  (the sink stores an epoch-mode token packed as epoch * 2^32 + revision: 1:4 is 4294967300)');
  if (result.restore) lines.push('', ...restoreLines(result.restore));
  lines.push('', 'Outcome');
  for (const line of describeModes(result)) lines.push(`  ${line.mode.padEnd(width)} ${line.value.padEnd(10)} ${line.text}`);
  lines.push('', `Verdict      ${result.verdict}`);
  for (const c of result.checks) lines.push(`  [${c.ok ? 'ok' : 'FAILED'}] ${c.text}`);
  lines.push('', 'What happened', ...experiment.explanation.map((l) => `  ${l}`));
  lines.push(
    '',
    'Look for yourself',
    `  sqlite3 -header -column ${shellQuote(result.sink.database)} 'SELECT * FROM writes'`,
    `  sqlite3 -header -column ${shellQuote(result.sink.database)} 'SELECT * FROM resource'`,
    `  Processes: A pid ${result.pids.A}, B pid ${result.pids.B}, sink pid(s) ${result.pids.sink.join(', ')}`,
    '',
  );
  return lines.join('\n');
}

/** Every worker's token: restore has four (as the revision mode saw them; each mode's own are under Writes). */
function tokensLine(result: LabResult): string {
  const perMode = Object.values(result.modes).find((m) => m.tokens)?.tokens;
  const one = (t: LabToken | null) => (t === null ? 'null' : formatToken(t, true));
  return perMode ? tokenList(perMode) : `A ${one(result.tokens.A)}, B ${one(result.tokens.B)}`;
}

function tokenList(tokens: ModeResult['tokens']): string {
  return Object.entries(tokens ?? {})
    .map(([who, t]) => `${who} ${formatToken(t ?? null, true)}`)
    .join(', ');
}

function failoverLines(f: FailoverEvidence): string[] {
  return [
    'Cluster',
    ...f.members.map((m) => `  ${m.name} member id ${m.memberId}, pid ${m.pid}, ${m.clientUrl}`),
    `  leader before ${f.leaderBefore} (killed with SIGKILL, pid ${f.killedPid}); leader after ${f.leaderAfter}`,
    `  election: ${f.electionMs} ms from the SIGKILL until a survivor reported the new leader (polled)`,
    `  A's lease TTL (timetolive, whole seconds): ${f.leaseTtlBeforeS} s before the kill, ${f.leaseTtlAfterS} s after the election (granted ${f.grantedTtlS} s)`,
    `  B acquired through ${f.bEndpoint}`,
  ];
}

function ensembleLines(f: EnsembleFailoverEvidence): string[] {
  const s = f.settings;
  const session = f.aSession;
  return [
    'Ensemble',
    `  settings: tickTime ${s.tickTimeMs} ms, initLimit ${s.initLimit}, syncLimit ${s.syncLimit} (ticks), JVM heap ${s.heap} (short ticks: throwaway settings for speed)`,
    ...f.members.map((m) => `  member ${m.id}: pid ${m.pid}, client 127.0.0.1:${m.clientPort}, quorum ${m.quorumPort}, election ${m.electionPort}`),
    `  leader before member ${f.leaderBefore}, epoch ${f.epochBefore} (srvr; killed with SIGKILL, pid ${f.killedPid}); leader after member ${f.leaderAfter}, epoch ${f.epochAfter}`,
    `  election: ${f.electionMs} ms from the SIGKILL until the survivors' srvr named one leader (polled)`,
    `  A's session ${session.id} (timeout ${session.timeoutMs} ms, negotiated): ${sessionWords(f)}`,
    `  B connected to ${f.bConnect}`,
  ];
}

/** What became of A's session, from what was observed (its znode seen gone), never assumed. */
function sessionWords(f: EnsembleFailoverEvidence): string {
  const s = f.aSession;
  if (!Number.isFinite(s.expiredAfterElectionMs)) return 'its znode was not seen gone';
  return `its znode was seen gone ${s.expiredAfterGrantMs} ms after A's grant, ${s.expiredAfterKillMs} ms after the kill, ${s.expiredAfterElectionMs} ms after the new leader was named (${(s.expiredAfterElectionMs / s.timeoutMs).toFixed(1)} session timeouts)`;
}

function restoreLines(r: RestoreEvidence): string[] {
  return [
    'Restore',
    `  snapshot saved at revision ${r.snapshotRevision}; etcd was at revision ${r.revisionBeforeRestore} when it was stopped`,
    `  restored and restarted in ${r.restoreMs} ms; revision after the restore ${r.revisionAfterRestore}`,
    `  epoch ${r.epochBefore} -> ${r.epochAfter} (file ${r.epochFile})`,
    `  ${r.restoreCommand.join(' ')}`,
  ];
}
