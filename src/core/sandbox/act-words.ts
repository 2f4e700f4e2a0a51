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

export type ActVerb = 'added' | 'deleted' | 'moved' | 'changed';

/** "Added at t=3: A pauses." */
export function actWords(verb: ActVerb, step: Step, from?: number): string {
  const where = verb === 'moved' && from !== undefined ? `from t=${from} to t=${step.at}` : `at t=${step.at}`;
  const head = verb[0]!.toUpperCase() + verb.slice(1);
  return `${head} ${where}: ${stepWords(step)}.`;
}
