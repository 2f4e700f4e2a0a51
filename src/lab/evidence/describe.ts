/**
 * One line per mode saying what happened, shared by the plain printer, the
 * report and the Lab screen: `plain   A-late     B's write LOST: A's late write overwrote B's (200)`.
 * The outcome is said in words: ✓ and ✗ mean accepted and rejected (the
 * timeline's legend), and a rejection is the good outcome here.
 */
import { NOTHING } from '../../core/display-text.js';
import { formatToken } from '../../core/token.js';
import { reportedToken } from '../tokens/lab-token.js';
import type { ExperimentName, LabResult, LabToken, ModeResult, SinkMode } from '../types.js';

export interface ModeLine {
  mode: SinkMode;
  value: string;
  /** True when this mode did what a correct fence does (protected the rightful holder's write). */
  protected: boolean;
  /** Whose write a correct fence protects here: B (the holder after A's lease ran out), or D after a restore. */
  holder?: 'B' | 'D';
  text: string;
}

/** The outcome in words, never a ✓/✗ (those mean accepted/rejected). */
export function outcomeWords(line: ModeLine): string {
  const holder = line.holder ?? 'B';
  return line.protected ? `${holder}'s write kept:` : `${holder}'s write LOST:`;
}

/** The mode column's width: "plain" and "fenced" fit in 7, the restore's "revision" does not. */
export function modeColumnWidth(result: LabResult): number {
  return Math.max(7, ...Object.keys(result.modes).map((mode) => mode.length));
}

export function describeModes(result: LabResult): ModeLine[] {
  return (Object.entries(result.modes) as [SinkMode, ModeResult][]).map(([mode, m]) => describeMode(result.experiment, mode, m, result));
}

/**
 * The sink's own words for a refusal. The sink compares the integer it was
 * sent; ZooKeeper's is a whole czxid, so its numbers are shown as the token
 * is everywhere else (`stale token 1:6 < mark 2:8`); the body in run.json
 * keeps them as the sink wrote them.
 */
function reason(m: ModeResult, result: LabResult): string {
  const words = String(m.lateWrite?.body?.reason ?? '');
  if (result.coordinator !== 'zookeeper') return words;
  return words.replace(/\b\d{1,16}\b/g, (n) => formatToken(reportedToken('zookeeper', Number(n)), true));
}

function describeMode(experiment: ExperimentName, mode: SinkMode, m: ModeResult, result: LabResult): ModeLine {
  const value = m.final.value ?? NOTHING;
  const late = m.lateWrite;
  const status = late ? `(${late.status})` : '';
  if (experiment === 'restore') return describeRestoreMode(mode, m, value);
  if (m.writes) return describeGridCell(mode, m.writes, m.staleAccepted === true, value);
  if (experiment === 'coordinator-restart') return describeRestartedCoordinator(mode, m, value);
  if (experiment === 'early') {
    return {
      mode,
      value,
      protected: value === 'B-current',
      text: late?.accepted
        ? `A accepted ${status}: the sink had not seen token ${show(result.tokens.B)} yet; B's write then replaced it`
        : `A refused ${status}: ${reason(m, result)}`,
    };
  }
  if (m.bWrite && !m.bWrite.accepted && late && !late.accepted) {
    // A lock without a token (Redis's random value): the fence refuses everyone, the holder included.
    return { mode, value, protected: false, text: `no token to compare: B's write and A's alike refused (${m.bWrite.status}, ${late.status})` };
  }
  if (late && !late.accepted) {
    const extra = m.markAfterRestart !== undefined ? `, mark ${show(m.markAfterRestart)} read back after the restart` : '';
    return { mode, value, protected: true, text: `A rejected: ${late.status} ${reason(m, result)}${extra}` };
  }
  if (mode === 'split') {
    return {
      mode,
      value,
      protected: false,
      text: `A's stale write landed last ${status}; the mark fell from ${show(result.tokens.B)} to ${show(m.final.hwm)}`,
    };
  }
  return { mode, value, protected: false, text: `A's late write overwrote B's ${status}` };
}

const show = (token: LabToken | undefined | null) => formatToken(token ?? null, true);

/** restore: what D (the rightful holder) and C (late) got in one token mode, tokens as the simulator prints them. */
function describeRestoreMode(mode: SinkMode, m: ModeResult, value: string): ModeLine {
  const d = m.dWrite;
  const c = m.lateWrite;
  const protectedHere = Boolean(d?.accepted) && c !== undefined && !c.accepted;
  const dText = d?.accepted
    ? `D accepted with ${show(m.tokens?.D)}`
    : `D, the holder, refused (${d?.status}): ${show(m.tokens?.D)} is below the mark ${show(m.tokens?.C)}`;
  const cText = c?.accepted
    ? `C's late write accepted (${c.status}): ${show(m.tokens?.C)} equals the mark`
    : `C's late write refused (${c?.status}): ${show(m.tokens?.C)} is below ${show(m.tokens?.D)}`;
  return { mode, value, protected: protectedHere, holder: 'D', text: `${dText}; ${cText}` };
}

/** coordinator-restart: volatile is A then B, durable C then D; the second holder is the one a fence protects. */
function describeRestartedCoordinator(mode: SinkMode, m: ModeResult, value: string): ModeLine {
  const [first, second] = mode === 'durable' ? (['C', 'D'] as const) : (['A', 'B'] as const);
  const late = m.lateWrite;
  const tokens = `${first} ${show(m.tokens?.[first])}, ${second} ${show(m.tokens?.[second])}`;
  if (late && !late.accepted) {
    return { mode, value, protected: true, holder: second === 'D' ? 'D' : 'B', text: `${first} rejected (${late.status}): tokens ${tokens}` };
  }
  return {
    mode,
    value,
    protected: false,
    holder: second === 'D' ? 'D' : 'B',
    text: `${first}'s late write accepted (${late?.status}) as a retry of the equal token: tokens ${tokens}`,
  };
}

/** The line under the outcome: what was measured, in the terms of the experiment. */
export function summaryLine(result: LabResult, ascii = false): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const dot = ascii ? ';' : ' ·';
  const to = ascii ? '->' : '→';
  if (result.restore) {
    const r = result.restore;
    return `etcd restored from revision ${r.revisionBeforeRestore} to ${r.revisionAfterRestore} in ${seconds(r.restoreMs)}; epoch ${r.epochBefore} ${to} ${r.epochAfter}${dot} ${seconds(result.durationMs)} in all`;
  }
  const token = (t: LabToken | null) => (t === null ? 'none' : formatToken(t, ascii));
  const base = `tokens A ${token(result.tokens.A)}, B ${token(result.tokens.B)}${dot} lock seen gone ${seconds(result.observedExpiryWaitMs)} after A's grant`;
  if (result.ensembleFailover) {
    const f = result.ensembleFailover;
    return `${base}${dot} leader member ${f.leaderBefore} killed, member ${f.leaderAfter} elected after ${seconds(f.electionMs)} (epoch ${f.epochBefore} ${to} ${f.epochAfter}); A's session (timeout ${seconds(f.aSession.timeoutMs)}) gone ${seconds(f.aSession.expiredAfterElectionMs)} after the election${dot} ${seconds(result.durationMs)} in all`;
  }
  if (result.failover) {
    const f = result.failover;
    return `${base}${dot} leader ${f.leaderBefore} killed, ${f.leaderAfter} elected after ${seconds(f.electionMs)}; A's lease TTL ${f.leaseTtlBeforeS} s before, ${f.leaseTtlAfterS} s after${dot} ${seconds(result.durationMs)} in all`;
  }
  return `${base}${dot} ${(result.durationMs / 1000).toFixed(1)} s in all`;
}

/** A result of the PostgreSQL grid (split with --isolation/--sink-check): its modes are the cells, each with both writers' transactions. */
export function isGridResult(result: LabResult): boolean {
  return Object.values(result.modes).some((m) => m?.writes !== undefined);
}

/** split on PostgreSQL: one cell of the grid, what the database did to A's stale write and B's. */
function describeGridCell(mode: SinkMode, writes: NonNullable<ModeResult['writes']>, lost: boolean, value: string): ModeLine {
  const { A, B } = writes;
  const retried = (w: typeof A) =>
    w.retries > 0 ? ` after ${w.sqlstate ?? 'a serialization failure'} and ${w.retries === 1 ? 'a retry' : `${w.retries} retries`}` : '';
  let text: string;
  if (lost) text = "A's stale write applied after B's committed one";
  else if (A.outcome === 'refused' && mode.endsWith('conditional-update')) text = "A refused: its UPDATE matched 0 rows, the WHERE saw B's mark";
  else if (A.outcome === 'refused') text = `A refused${retried(A)}: its check saw B's mark`;
  else if (B.waited) text = `A applied first; B waited on A's row lock, then wrote${retried(B)}`;
  else text = `A applied, B's write landed last${retried(B)}`;
  return { mode, value, protected: !lost, text };
}
