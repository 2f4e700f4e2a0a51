/**
 * One line per mode saying what happened, shared by the plain printer, the
 * report and the Lab screen: `plain   A-late     B's write LOST: A's late write overwrote B's (200)`.
 * The outcome is said in words: ✓ and ✗ mean accepted and rejected (the
 * timeline's legend), and a rejection is the good outcome here.
 */
import type { ExperimentName, LabResult, ModeResult, SinkMode } from '../types.js';

export interface ModeLine {
  mode: SinkMode;
  value: string;
  /** True when this mode did what a correct fence does (protected B's write). */
  protected: boolean;
  text: string;
}

/** The outcome in words, never a ✓/✗ (those mean accepted/rejected). */
export function outcomeWords(line: ModeLine): string {
  return line.protected ? "B's write kept:" : "B's write LOST:";
}

export function describeModes(result: LabResult): ModeLine[] {
  return (Object.entries(result.modes) as [SinkMode, ModeResult][]).map(([mode, m]) =>
    describeMode(result.experiment, mode, m, result),
  );
}

function reason(m: ModeResult): string {
  return String(m.lateWrite?.body?.reason ?? '');
}

export function describeMode(experiment: ExperimentName, mode: SinkMode, m: ModeResult, result: LabResult): ModeLine {
  const value = m.final.value ?? '(none)';
  const late = m.lateWrite;
  const status = late ? `(${late.status})` : '';
  if (experiment === 'early') {
    return {
      mode,
      value,
      protected: value === 'B-current',
      text: late?.accepted
        ? `A accepted ${status}: the sink had not seen token ${result.tokens.B} yet; B's write then replaced it`
        : `A refused ${status}: ${reason(m)}`,
    };
  }
  if (late && !late.accepted) {
    const extra = m.markAfterRestart !== undefined ? `, mark ${m.markAfterRestart} read back after the restart` : '';
    return { mode, value, protected: true, text: `A rejected: ${late.status} ${reason(m)}${extra}` };
  }
  if (mode === 'split') {
    return {
      mode,
      value,
      protected: false,
      text: `A's stale write landed last ${status}; the mark fell from ${result.tokens.B} to ${m.final.hwm}`,
    };
  }
  return { mode, value, protected: false, text: `A's late write overwrote B's ${status}` };
}
