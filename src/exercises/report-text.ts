/**
 * An exercise report as text: per check ✓/✗, what was sent and answered,
 * the order the adversary ran the database calls in, the final value and
 * mark, a timeline drawn by the core's renderer, and on a failure the hint.
 * Everything that came from the learner's code was neutralised on arrival.
 */
import { sanitizeLine } from '../core/neutralise.js';
import { renderTimeline, type TimelineLane, type TimelineModel } from '../core/timeline/index.js';
import { foldToAscii } from '../render/ascii-fold.js';
import { show } from './scenario.js';
import type { CheckResult, ExerciseReport, SinkAnswer, TrialRun } from './types.js';

export interface TextOptions {
  width: number;
  ascii: boolean;
}

const MAX_SQL = 60;

function glyphs(ascii: boolean) {
  return ascii ? { ok: '[ok]', bad: '[x]', arrow: '->' } : { ok: '✓', bad: '✗', arrow: '→' };
}

function tokenLine(report: ExerciseReport): string | undefined {
  const e = report.evidence;
  if (!e) return undefined;
  return `Real expiry: A took the lock with token ${e.tokens.A} and was stopped (SIGSTOP); the lock was seen gone ${Math.round(e.observedExpiryWaitMs)} ms after A asked for its lease (TTL ${e.ttlMs} ms, which starts no earlier); B took it with token ${e.tokens.B}.`;
}

function answerText(a: SinkAnswer | undefined, ascii: boolean): string {
  const g = glyphs(ascii);
  if (!a) return `${g.arrow} no answer (the sink was killed first)`;
  if (a.error) return `${g.arrow} threw ${sanitizeLine(a.error.split('\n')[0] ?? '')}`;
  return `${g.arrow} ${a.status} ${a.accepted ? 'accepted' : 'refused'}${a.reason ? ` (${sanitizeLine(a.reason)})` : ''}`;
}

export function runLines(run: TrialRun, opts: TextOptions): string[] {
  const lines: string[] = [];
  run.requests.forEach((r, i) => {
    const what =
      r.fn === 'register'
        ? `registers token ${r.token}`
        : `sends ${show(r.value ?? null)} with token ${r.token ?? 'none'}${r.requestId ? ` (request id ${r.requestId})` : ''}`;
    lines.push(`${r.writer} ${what} ${answerText(run.answers[i], opts.ascii)}`);
  });
  if (run.steps.some((s) => s.request >= 0) && run.requests.length > 1) {
    lines.push('Your database calls, in the order the adversary let them run:');
    run.steps.forEach((s, i) => {
      const who = s.request < 0 ? 'sink' : (run.requests[s.request]?.writer ?? '?');
      const sql = s.sql ? ` ${sanitizeLine(s.sql).replace(/\s+/g, ' ').slice(0, MAX_SQL)}` : '';
      lines.push(`  ${i + 1}. ${who} ${s.op}${sql}`);
    });
  }
  lines.push(`Final: value ${show(run.final.value)}, mark ${run.final.mark ?? 'none'}`);
  // With no database call there is nothing to order: a timeline would only pile the answers on one column.
  if (run.steps.length === 0) lines.push('Your code made no database call: it answered without reading or changing the value and the mark.');
  else if (run.requests.length > 1)
    lines.push(...renderTimeline(runTimeline(run), { width: opts.width, ascii: opts.ascii, legend: false, sinkEvents: 'auto' }));
  return lines;
}

/** One lane per writer (a mark per database call) and the sink's answers, in call order. */
function runTimeline(run: TrialRun): TimelineModel {
  const writers = [...new Set(run.requests.map((r) => r.writer))];
  const lanes: TimelineLane[] = writers.map((w) => ({ id: w, label: w, kind: 'actor', spans: [], marks: [] }));
  const sink: TimelineLane = { id: 'sink', label: 'sink', kind: 'sink', spans: [], marks: [] };
  const lastStep = new Map<number, number>();
  run.steps.forEach((s, i) => {
    const t = i + 1;
    if (s.request < 0) {
      sink.marks.push({ kind: 'restart', t, lost: false });
      return;
    }
    const r = run.requests[s.request];
    if (!r) return;
    lastStep.set(s.request, t);
    lanes[writers.indexOf(r.writer)]?.marks.push({ kind: 'send', t, actor: r.writer, token: r.token, value: r.value ?? null });
  });
  run.requests.forEach((r, i) => {
    const a = run.answers[i];
    if (!a) return;
    const t = lastStep.get(i) ?? run.answeredAt[i] ?? 1;
    sink.marks.push({ kind: a.accepted ? 'accept' : 'reject', t, actor: r.writer, token: r.token, value: r.value ?? null });
  });
  sink.marks.sort((x, y) => x.t - y.t);
  return { unit: 'step', start: 0, end: Math.max(1, run.steps.length), lanes: [...lanes, sink] };
}

const STATUS_PREFIX: Partial<Record<CheckResult['status'], string>> = { 'timed-out': 'TIMED OUT: ', 'not-exhaustive': 'NOT EXHAUSTIVE: ' };

export function checkLines(c: CheckResult, opts: TextOptions, detail: boolean): string[] {
  const g = glyphs(opts.ascii);
  const ok = c.status === 'passed';
  const head = `${ok ? g.ok : g.bad} ${c.id}: ${c.title}`;
  const summary = `${STATUS_PREFIX[c.status] ?? ''}${c.summary}`.split('\n');
  const out = [head, ...summary.map((l, i) => `    ${i > 0 ? '  ' : ''}${l}`)];
  if (c.shown && (detail || !ok)) for (const l of runLines(c.shown, { ...opts, width: Math.max(40, opts.width - 4) })) out.push(`    ${l}`);
  if (c.detail && (detail || !ok)) for (const l of c.detail) out.push(`    ${sanitizeLine(l)}`);
  if (!ok && c.hint) out.push(`    Hint: ${c.hint}`);
  return out;
}

export function reportLines(report: ExerciseReport, opts: TextOptions & { detail?: boolean }): string[] {
  const lines: string[] = [
    `Exercise ${report.exercise}: ${report.title}`,
    report.sinkCmd ? `Sink command: ${sanitizeLine(report.sinkCmd)}` : `File: ${sanitizeLine(report.file)}`,
  ];
  const tokens = tokenLine(report);
  if (tokens) lines.push(tokens);
  lines.push('');
  for (const c of report.checks) lines.push(...checkLines(c, opts, opts.detail ?? false), '');
  if (report.output.length > 0) {
    lines.push('Your code printed (captured, trimmed):');
    for (const l of report.output) lines.push(`  | ${l}`);
    lines.push('');
  }
  const passed = report.checks.filter((c) => c.status === 'passed').length;
  lines.push(report.passed ? `All ${report.checks.length} checks passed.` : `${passed} of ${report.checks.length} checks passed.`);
  if (report.caveat) lines.push(report.caveat);
  // Check details ('→', '…') and the learner's own output carry glyphs the options above do not choose.
  return opts.ascii ? lines.map(foldToAscii) : lines;
}
