/**
 * A simulator run as a TimelineModel: one lane for the coordinator, one per
 * actor in order of first appearance in the file, one for the sink.
 */
import { narrateTicks } from '../narration.js';
import type { Scenario, SimResult, Token } from '../types.js';
import type { TimelineLane, TimelineModel, TimelineSpan } from './model.js';

export function timelineFromSim(result: SimResult, scenario?: Scenario): TimelineModel {
  const end = Math.max(result.endTick, 1);
  const coordinator: TimelineLane = { id: 'coordinator', label: 'coordinator', kind: 'coordinator', spans: [], marks: [] };
  const sink: TimelineLane = { id: 'sink', label: 'sink', kind: 'sink', spans: [], marks: [] };
  const actors = new Map<string, TimelineLane>();
  const names: string[] = [];
  for (const step of scenario?.steps ?? []) if (step.actor !== 'coordinator' && step.actor !== 'sink') names.push(step.actor);
  for (const e of result.events) if (e.actor !== 'coordinator' && e.actor !== 'sink') names.push(e.actor);
  for (const name of names) {
    if (!actors.has(name)) actors.set(name, { id: name, label: name, kind: 'actor', spans: [], marks: [] });
  }
  const lane = (name: string) => actors.get(name)!;

  // Open spans, closed by a later event or the end of the run.
  let lease: { from: number; owner: string } | null = null;
  const paused = new Map<string, number>();
  const waiting = new Map<string, number>();
  const closeLease = (t: number) => {
    if (!lease) return;
    coordinator.spans.push({ kind: 'lease', from: lease.from, to: t, owner: lease.owner });
    lane(lease.owner).spans.unshift({ kind: 'holding', from: lease.from, to: t });
    lease = null;
  };
  const close = (open: Map<string, number>, name: string, kind: TimelineSpan['kind'], t: number) => {
    const from = open.get(name);
    if (from === undefined) return;
    lane(name).spans.push({ kind, from, to: t });
    open.delete(name);
  };

  for (const e of result.events) {
    const token = (e.token ?? null) as Token | null;
    switch (e.kind) {
      case 'grant':
        close(waiting, e.actor, 'waiting', e.t);
        lease = { from: e.t, owner: e.actor };
        coordinator.marks.push({ kind: 'grant', t: e.t, actor: e.actor, token });
        lane(e.actor).marks.push({ kind: 'grant', t: e.t, actor: e.actor, token });
        break;
      case 'expire':
        closeLease(e.t);
        coordinator.marks.push({ kind: 'expire', t: e.t, actor: e.actor, token });
        break;
      case 'release':
        closeLease(e.t);
        coordinator.marks.push({ kind: 'release', t: e.t, actor: e.actor, token });
        lane(e.actor).marks.push({ kind: 'release', t: e.t, actor: e.actor, token });
        break;
      case 'release-ignored':
        lane(e.actor).marks.push({ kind: 'release', t: e.t, actor: e.actor, token });
        break;
      case 'wait':
        waiting.set(e.actor, e.t);
        lane(e.actor).marks.push({ kind: 'wait', t: e.t, actor: e.actor });
        break;
      case 'deny':
        lane(e.actor).marks.push({ kind: 'deny', t: e.t, actor: e.actor });
        break;
      case 'pause':
        paused.set(e.actor, e.t);
        break;
      case 'resume':
        close(paused, e.actor, 'paused', e.t);
        break;
      case 'failover':
        if (e.minting === 'volatile') closeLease(e.t);
        coordinator.marks.push({ kind: 'failover', t: e.t });
        break;
      case 'send':
        lane(e.actor).marks.push({ kind: 'send', t: e.t, actor: e.actor, token, value: e.value ?? null });
        break;
      case 'accept':
      case 'reject':
      case 'apply':
        sink.marks.push({
          kind: e.kind,
          t: e.t,
          actor: e.actor,
          token,
          value: e.value ?? null,
          ...(e.stale ? { stale: true } : {}),
        });
        break;
      case 'check-pass':
        sink.marks.push({ kind: 'check', t: e.t, actor: e.actor, token, value: e.value ?? null });
        break;
      case 'sink-restart':
        sink.marks.push({ kind: 'restart', t: e.t, lost: e.durable === false });
        break;
    }
  }
  closeLease(end);
  for (const name of [...paused.keys()]) close(paused, name, 'paused', end);
  for (const name of [...waiting.keys()]) close(waiting, name, 'waiting', end);

  return {
    unit: 'tick',
    start: 0,
    end,
    lanes: [coordinator, ...actors.values(), sink],
    notes: narrateTicks(result),
  };
}
