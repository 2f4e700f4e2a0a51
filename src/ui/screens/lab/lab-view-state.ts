/**
 * The Lab screen's picture of a run, folded from the lab's event stream
 * (the same events the plain printer and --json render). No React here.
 */
import type { LabEvent, LabResult, LabStepId } from '../../../lab/types.js';

export interface StepLine {
  /** Stable across redraws: the step id and how many lines came before it. */
  key: string;
  id: LabStepId;
  text: string;
  done: boolean;
}

export interface LabViewState {
  /** stopping: Ctrl-C during a run; its processes are being ended, and the app quits once they are. */
  phase: 'setup' | 'running' | 'stopping' | 'done' | 'failed';
  steps: StepLine[];
  notes: string[];
  /** Undefined once the expiry wait is over. */
  waiting?: { elapsedMs: number; ttlMs: number } | undefined;
  result?: LabResult;
  /** The run has returned: its processes are ended and the evidence files written. */
  evidenceWritten?: boolean;
  error?: string;
}

export const INITIAL_LAB_VIEW: LabViewState = { phase: 'setup', steps: [], notes: [] };

export function startedView(): LabViewState {
  return { phase: 'running', steps: [], notes: [] };
}

/** Ctrl-C during a run: said at once, while the run ends its processes (which takes a while: a stopped worker, servers). */
export function stoppingView(state: LabViewState): LabViewState {
  return state.phase === 'running' ? { ...state, phase: 'stopping', waiting: undefined } : state;
}

/** A run is going (or ending): the list's keys wait, the spinner turns. */
export function isRunGoing(state: LabViewState): boolean {
  return state.phase === 'running' || state.phase === 'stopping';
}

export function applyLabEvent(state: LabViewState, event: LabEvent): LabViewState {
  // Stopping: what the ending run still reports is not news.
  if (state.phase === 'stopping') return state;
  switch (event.type) {
    case 'step': {
      const steps = [...state.steps];
      // A step is one line: started, then ticked off in place (a restarted sink is a new line).
      const open = steps.findIndex((s) => s.id === event.id && !s.done);
      if (open >= 0) steps[open] = { ...steps[open]!, text: event.text, done: event.status === 'done' };
      else steps.push({ key: `${event.id}:${steps.length}`, id: event.id, text: event.text, done: event.status === 'done' });
      const waiting = event.id === 'wait-expiry' && event.status === 'done' ? undefined : state.waiting;
      return { ...state, steps, waiting };
    }
    case 'waiting':
      return { ...state, waiting: { elapsedMs: event.elapsedMs, ttlMs: event.ttlMs } };
    case 'note':
      return { ...state, notes: [...state.notes, event.text] };
    case 'verdict':
      return { ...state, phase: 'done', result: event.result, waiting: undefined };
    default:
      return state;
  }
}

export function failedView(state: LabViewState, message: string): LabViewState {
  return { ...state, phase: 'failed', error: message, waiting: undefined };
}

/** The expiry bar: filled in proportion to the TTL, capped at full. */
export function expiryBar(elapsedMs: number, ttlMs: number, width: number, full: string, empty: string): string {
  const filled = Math.max(0, Math.min(width, Math.round((elapsedMs / Math.max(1, ttlMs)) * width)));
  return full.repeat(filled) + empty.repeat(width - filled);
}
