/**
 * Predict questions: the engine, not the author, computes the key. For each
 * variant (a set of toggles) the scenario is simulated and the answer read
 * off the run, so a quiz can never disagree with what `sim` shows.
 */
import { describeSteps } from './predict-steps.js';
import { effectiveConfig, simulate } from '../engine.js';
import { finalValueChoices } from '../prediction.js';
import type { ConfigOverrides, Scenario, SimResult } from '../types.js';
import type { PredictAsk, PredictQuestion, PredictVariant } from './types.js';

export const WRITE_RESULT_OPTIONS = ['Accepted', 'Rejected', 'It never reaches the sink'] as const;
export const STALE_OPTIONS = ['Yes', 'No'] as const;
export const NO_VALUE_OPTION = '(no value)';

/** A predict question as written, before the engine has run. */
export type PredictDraft = Omit<PredictQuestion, 'variants' | 'scenarioTitle'> & {
  variants: ConfigOverrides[];
  /** final-value only: the values to offer (default: finalValueChoices, the one order). */
  values?: string[];
};

export interface PredictProblem {
  /** Path inside the question, e.g. ['variants'] or ['write']. */
  path: (string | number)[];
  message: string;
  fix: string;
}

/** A value as a predict option: JSON-quoted, or NO_VALUE_OPTION (content: option numbers and keys depend on it). */
export function valueOption(value: string | null): string {
  return value === null ? NO_VALUE_OPTION : JSON.stringify(value);
}

function findWrite(run: SimResult, w: { actor: string; sentAt: number }) {
  return run.writes.find((r) => r.actor === w.actor && r.sentAt === w.sentAt);
}

function keyOf(ask: PredictAsk, run: SimResult, draft: PredictDraft, options: string[]): number {
  switch (ask) {
    case 'final-value':
      return options.indexOf(valueOption(run.final.value));
    case 'write-result': {
      const rec = draft.write ? findWrite(run, draft.write) : undefined;
      return rec === undefined ? 2 : rec.result === 'accepted' ? 0 : 1;
    }
    case 'stale':
      return run.staleAcceptances > 0 ? 0 : 1;
  }
}

function outcomeOf(ask: PredictAsk, run: SimResult, draft: PredictDraft): string {
  switch (ask) {
    case 'final-value':
      return run.final.value === null
        ? 'With these settings the sink ends with no value.'
        : `With these settings the sink ends with ${valueOption(run.final.value)}.`;
    case 'write-result': {
      const w = draft.write!;
      const rec = findWrite(run, w);
      const what = rec === undefined ? 'never reaches the sink' : `is ${rec.result}`;
      return `With these settings ${w.actor}'s write sent at t=${w.sentAt} ${what}.`;
    }
    case 'stale':
      return run.staleAcceptances === 0
        ? 'With these settings no write is a stale acceptance.'
        : `With these settings ${run.staleAcceptances} write${run.staleAcceptances === 1 ? ' is a stale acceptance' : 's are stale acceptances'}.`;
  }
}

/** Runs every variant and fills in options and keys; problems instead when the question cannot work. */
export function resolvePredict(
  draft: PredictDraft,
  scenario: Scenario,
): { question: PredictQuestion; problems: [] } | { question: null; problems: PredictProblem[] } {
  const runs = draft.variants.map((o) => simulate(scenario, o));
  const problems: PredictProblem[] = [];
  let options: string[];
  if (draft.ask === 'final-value') {
    // "No value" is offered only where a variant ends with it; in its place in
    // the one order (the start value, first), also among an author's values.
    const endsEmpty = runs.some((r) => r.final.value === null);
    const values = draft.values ?? finalValueChoices(scenario).filter((v) => v !== null);
    options = [...(endsEmpty ? [null] : []), ...values].map((v) => valueOption(v));
    runs.forEach((r, i) => {
      if (!options.includes(valueOption(r.final.value))) {
        problems.push({
          path: ['options'],
          message: `with variant ${i + 1} the sink ends with ${valueOption(r.final.value)}, which is not among the options`,
          fix: 'add that value to options, or leave options out to offer every value the scenario writes',
        });
      }
    });
  } else if (draft.ask === 'write-result') {
    options = [...WRITE_RESULT_OPTIONS];
    const w = draft.write;
    if (w && !runs.some((r) => findWrite(r, w))) {
      const sent = runs[0]?.writes.map((r) => `${r.actor} at t=${r.sentAt}`).join(', ') || 'none';
      problems.push({
        path: ['write'],
        message: `no variant has a write by ${w.actor} sent at t=${w.sentAt} (writes sent: ${sent})`,
        fix: 'name a write the scenario really sends: its actor and the tick it is sent',
      });
    }
  } else {
    options = [...STALE_OPTIONS];
  }
  const variants: PredictVariant[] = runs.map((run, i) => {
    const cfg = effectiveConfig(scenario, draft.variants[i]);
    return {
      overrides: { ...draft.variants[i] },
      settings: { fencing: cfg.fencing, minting: cfg.minting, check: cfg.check, ttl: cfg.ttl },
      options,
      answer: keyOf(draft.ask, run, draft, options),
      outcome: outcomeOf(draft.ask, run, draft),
    };
  });
  if (problems.length === 0 && variants.length > 1 && variants.every((v) => v.answer === variants[0]!.answer)) {
    problems.push({
      path: ['variants'],
      message: `every variant gives the same answer (${options[variants[0]!.answer]})`,
      fix: 'choose toggles under which the outcome changes, or keep a single variant',
    });
  }
  if (problems.length > 0) return { question: null, problems };
  const { values: _values, variants: _drafts, ...rest } = draft;
  return {
    question: {
      ...rest,
      scenarioTitle: scenario.title,
      variants,
      steps: describeSteps(scenario),
    },
    problems: [],
  };
}
