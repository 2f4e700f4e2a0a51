/**
 * The moment a predict question is asked at: how much of the scenario's
 * timeline the learner sees before answering. Everything up to it is drawn;
 * the verdict in question is not, so the picture never gives the answer away.
 *
 * - write-result: just before the write in question reaches the sink (it is
 *   drawn being sent when it travels for at least a tick).
 * - final-value, stale: just before the last write reaches the sink.
 */
import { STALE_OPTIONS, WRITE_RESULT_OPTIONS } from '../../../core/quiz/predict.js';
import type { PredictAsk } from '../../../core/quiz/types.js';
import type { SimResult } from '../../../core/types.js';

export interface PredictFocus {
  ask: PredictAsk;
  write?: { actor: string; sentAt: number };
}

export function predictMoment(run: SimResult, focus: PredictFocus): number {
  const clamp = (t: number) => Math.max(0, Math.min(run.endTick, t));
  if (focus.ask === 'write-result' && focus.write) {
    const w = focus.write;
    const rec = run.writes.find((r) => r.actor === w.actor && r.sentAt === w.sentAt);
    if (!rec) return clamp(w.sentAt - 1);
    return clamp(rec.arrivedAt > rec.sentAt ? rec.sentAt : rec.sentAt - 1);
  }
  const arrivals = run.writes.map((r) => r.arrivedAt);
  if (arrivals.length === 0) return clamp(Math.floor(run.endTick / 2));
  return clamp(Math.max(...arrivals) - 1);
}

/**
 * The focus of a drawn predict question when its bank entry is not at hand
 * (a sitting opened by `fence-tutor quiz` brings drawn questions only): the
 * kind of question from its fixed options, and the write in question from
 * the sentence the engine appended to the explanation ("A's write sent at
 * t=31 ..."). Falls back to the last write, which is the usual one.
 */
export function inferFocus(q: { options: readonly string[]; explanation: string }): PredictFocus {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));
  if (same(q.options, WRITE_RESULT_OPTIONS)) {
    const m = /With these settings (\S+)'s write sent at t=(\d+)/.exec(q.explanation);
    return m ? { ask: 'write-result', write: { actor: m[1]!, sentAt: Number(m[2]) } } : { ask: 'write-result' };
  }
  if (same(q.options, STALE_OPTIONS)) return { ask: 'stale' };
  return { ask: 'final-value' };
}
