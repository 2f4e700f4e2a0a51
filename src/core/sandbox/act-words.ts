/** Steps and acts in words, for the steps list, `--narrate` and the change line. Pure. */
import type { Step } from '../types.js';

const ticks = (n: number) => `${n} tick${n === 1 ? '' : 's'}`;

/** "A pauses for 5 ticks": what a step does, without its tick. */
export function stepWords(step: Step): string {
  switch (step.do) {
    case 'acquire':
      return `${step.actor} asks for the lock${step.wait ? '' : ' (no waiting)'}`;
    case 'release':
      return `${step.actor} releases the lock`;
    case 'pause':
      return `${step.actor} pauses${step.for === undefined ? '' : ` for ${ticks(step.for)}`}`;
    case 'resume':
      return `${step.actor} resumes`;
    case 'write':
      return `${step.actor} writes ${JSON.stringify(step.value)}${step.delay ? `, ${ticks(step.delay)} in flight` : ''}`;
    case 'failover':
      return 'the coordinator fails over';
    case 'sink-restart':
      return `the sink restarts${step.durable ? ', keeping its mark' : ', forgetting its mark'}`;
  }
}

/** "t=3  A pauses for 5 ticks": one line of the steps list. */
export function stepLineWords(step: Step): string {
  return `t=${step.at}  ${stepWords(step)}`;
}

/** "A's pause for 5 ticks": a step as a noun, for sentences about acts. */
export function stepNoun(step: Step): string {
  switch (step.do) {
    case 'acquire':
      return `${step.actor}'s request for the lock${step.wait ? '' : ' (no waiting)'}`;
    case 'release':
      return `${step.actor}'s release`;
    case 'pause':
      return `${step.actor}'s pause${step.for === undefined ? '' : ` for ${ticks(step.for)}`}`;
    case 'resume':
      return `${step.actor}'s resume`;
    case 'write':
      return `${step.actor}'s write of ${JSON.stringify(step.value)}${step.delay ? ` (${ticks(step.delay)} in flight)` : ''}`;
    case 'failover':
      return 'a coordinator failover';
    case 'sink-restart':
      return `a sink restart${step.durable ? '' : ' forgetting its mark'}`;
  }
}

/** An act as a clause: "adding A's pause at t=3", "moving A's pause from t=2 to t=3". */
export function actWords(act: { kind: 'added' | 'deleted'; step: Step } | { kind: 'changed'; from: Step; to: Step }): string {
  if (act.kind !== 'changed') return `${act.kind === 'added' ? 'adding' : 'deleting'} ${stepNoun(act.step)} at t=${act.step.at}`;
  const { from, to } = act;
  if (from.at !== to.at && stepNoun(from) === stepNoun(to)) return `moving ${stepNoun(to)} from t=${from.at} to t=${to.at}`;
  return `changing ${stepNoun(from)} at t=${from.at} to ${stepNoun(to)}${from.at === to.at ? '' : ` at t=${to.at}`}`;
}
