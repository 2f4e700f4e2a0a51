/**
 * The steps the act menu offers (n): for each actor of the run, each kind
 * the challenge allows, plus the coordinator's failover and the sink's
 * restarts when allowed. The tick is chosen after (the selected step's, then
 * moved with < and >). Pure.
 */
import type { Scenario, StepKind } from '../../core/types.js';
import type { StepDraft } from '../../store/sandbox-store.js';

export interface DraftChoice {
  label: string;
  draft: StepDraft;
}

export function stepDrafts(run: Scenario, allowed: readonly StepKind[]): DraftChoice[] {
  const actors = [...new Set(run.steps.map((s) => s.actor))].filter((a) => a !== 'coordinator' && a !== 'sink');
  const writes = run.steps.filter((s) => s.do === 'write').length;
  const out: DraftChoice[] = [];
  for (const actor of actors) {
    for (const kind of allowed) {
      switch (kind) {
        case 'acquire':
          out.push({ label: `${actor} acquires (waits)`, draft: { actor, do: 'acquire', wait: true } });
          break;
        case 'release':
          out.push({ label: `${actor} releases`, draft: { actor, do: 'release' } });
          break;
        case 'pause':
          out.push({ label: `${actor} pauses`, draft: { actor, do: 'pause' } });
          out.push({ label: `${actor} pauses for 10 ticks`, draft: { actor, do: 'pause', for: 10 } });
          break;
        case 'resume':
          out.push({ label: `${actor} resumes`, draft: { actor, do: 'resume' } });
          break;
        case 'write':
          out.push({ label: `${actor} writes "${actor}${writes + 1}"`, draft: { actor, do: 'write', value: `${actor}${writes + 1}`, delay: 0 } });
          break;
        default:
          break;
      }
    }
  }
  if (allowed.includes('failover')) out.push({ label: 'the coordinator fails over', draft: { actor: 'coordinator', do: 'failover' } });
  if (allowed.includes('sink-restart')) {
    out.push({ label: 'the sink restarts, keeping its mark', draft: { actor: 'sink', do: 'sink-restart', durable: true } });
    out.push({ label: 'the sink restarts, forgetting its mark', draft: { actor: 'sink', do: 'sink-restart', durable: false } });
  }
  return out;
}
