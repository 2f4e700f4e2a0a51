/**
 * The observed run as a TimelineModel for the engine's renderer: real
 * milliseconds since A's grant; integer tokens, or `[epoch, revision]` where
 * the restore experiment read an epoch (drawn `1:4` by the renderer's
 * formatToken, as the simulator's). Lanes: the coordinator's view of the
 * lock, A, B (C, D), then one sink lane per mode.
 */
import { formatToken } from '../../core/token.js';
import type { MarkKind, TimelineLane, TimelineMark, TimelineModel } from '../../core/timeline/index.js';
import { tokenRank } from '../tokens/lab-token.js';
import type { LabResult, LabToken, Observation, SinkMode, WorkerName } from '../types.js';

export function labTimeline(result: LabResult): TimelineModel {
  const obs = result.observations;
  const grants = obs.filter((o) => o.kind === 'grant');
  const origin = grants[0]?.atMs ?? 0;
  const t = (o: Observation) => Math.max(0, Math.round(o.atMs - origin));
  const end = Math.max(1, ...obs.map(t));
  const find = (actor: Observation['actor'], kind: Observation['kind']) => obs.find((o) => o.actor === actor && o.kind === kind);
  const grantOf = (name: WorkerName) => grants.find((g) => g.note === name);
  const expiry = find('coordinator', 'expiry-observed');
  // A token as drawn: with its epoch when one was observed, so epoch mode's `1:4` never shows as `4`.
  const pair = (o: Observation): LabToken | null =>
    o.epoch !== undefined && o.token !== undefined ? ([o.epoch, o.token] as [number, number]) : (o.token ?? null);
  const grantA = grantOf('A');
  const grantB = grantOf('B');

  const coordinator: TimelineLane = { id: 'coordinator', label: 'coordinator', kind: 'coordinator', spans: [], marks: [] };
  if (grantA) {
    const releasedA = find('A', 'release');
    coordinator.spans.push({ kind: 'lease', from: t(grantA), to: expiry ? t(expiry) : releasedA ? t(releasedA) : end, owner: 'A' });
    coordinator.marks.push({ kind: 'grant', t: t(grantA), actor: 'A', token: pair(grantA) });
  }
  if (expiry) coordinator.marks.push({ kind: 'expire', t: t(expiry), actor: 'A' });
  if (grantB) {
    const releasedB = find('B', 'release');
    coordinator.spans.push({ kind: 'lease', from: t(grantB), to: releasedB ? t(releasedB) : end, owner: 'B' });
    coordinator.marks.push({ kind: 'grant', t: t(grantB), actor: 'B', token: pair(grantB) });
  }
  // The restore experiment's C and D: their grants, as etcd's revisions.
  for (const name of ['C', 'D'] as const) {
    const grant = grantOf(name);
    if (!grant) continue;
    // C's lease is not in the snapshot: it is gone once etcd is restored.
    const restored = name === 'C' ? find('coordinator', 'etcd-restored') : undefined;
    coordinator.spans.push({ kind: 'lease', from: t(grant), to: restored ? t(restored) : end, owner: name });
    coordinator.marks.push({ kind: 'grant', t: t(grant), actor: name, token: pair(grant) });
  }
  const actorLane = (name: WorkerName): TimelineLane => {
    const lane: TimelineLane = { id: name, label: name, kind: 'actor', spans: [], marks: [] };
    const grant = grantOf(name);
    const stop = find(name, 'stop');
    const resume = find(name, 'resume');
    const release = find(name, 'release');
    if (grant) {
      // Any worker the run stops (A in late-write, C in restore) shows its pause;
      // a worker that releases stops holding there.
      if (stop) {
        lane.spans.push({ kind: 'holding', from: t(grant), to: t(stop) });
        lane.spans.push({ kind: 'paused', from: t(stop), to: resume ? t(resume) : end });
      } else {
        lane.spans.push({ kind: 'holding', from: t(grant), to: release ? t(release) : end });
      }
    }
    for (const w of obs.filter((o) => o.actor === name && o.kind === 'write')) {
      lane.marks.push({ kind: 'send', t: t(w), actor: name, token: pair(w), value: w.value ?? null });
    }
    return lane;
  };

  // Ranked as the pair orders (epoch first): ZooKeeper's czxid is `[epoch, counter]`.
  const highest = Math.max(tokenRank(result.tokens.A), tokenRank(result.tokens.B));
  const modes = Object.keys(result.modes) as SinkMode[];
  const sinkLanes = modes.map((mode): TimelineLane => {
    const marks: TimelineMark[] = [];
    for (const w of obs.filter((o) => o.kind === 'write' && o.mode === mode)) {
      const kind: MarkKind = w.accepted ? 'accept' : 'reject';
      marks.push({
        kind,
        t: t(w),
        actor: w.actor,
        token: pair(w),
        value: w.value ?? null,
        ...(w.accepted && tokenRank(pair(w)) < highest && isAfterNewer(obs, w, highest, pair) ? { stale: true } : {}),
      });
    }
    for (const r of obs.filter((o) => o.kind === 'sink-restarted')) marks.push({ kind: 'restart', t: t(r), lost: false });
    marks.sort((x, y) => x.t - y.t);
    return { id: `sink-${mode}`, label: `sink ${mode}`, kind: 'sink', spans: [], marks };
  });

  const actors = (['A', 'B', 'C', 'D'] as const).filter((n) => n === 'A' || n === 'B' || grantOf(n));
  const sinkKilled = find('sink', 'sink-killed');
  const notes = [
    ...grants.map((g) => ({ t: t(g), text: `${g.note} is granted the lock with token ${formatToken(pair(g))}.` })),
    ...obs.filter((o) => o.kind === 'stop').map((o) => ({ t: t(o), text: `${o.actor} is stopped with SIGSTOP: no keepalive.` })),
    expiry && { t: t(expiry), text: `The runner sees the lock gone ${t(expiry)} ms after A's grant.` },
    sinkKilled && { t: t(sinkKilled), text: 'The sink is killed with SIGKILL.' },
    ...obs.filter((o) => o.kind === 'resume').map((o) => ({ t: t(o), text: `${o.actor} is resumed with SIGCONT and sends its write.` })),
  ].filter((n): n is { t: number; text: string } => Boolean(n));
  notes.sort((x, y) => x.t - y.t);

  return { unit: 'ms', start: 0, end, lanes: [coordinator, ...actors.map(actorLane), ...sinkLanes], notes };
}

/** A stale acceptance: an older token accepted once a newer one had been granted. */
function isAfterNewer(obs: Observation[], w: Observation, highest: number, pair: (o: Observation) => LabToken | null): boolean {
  const newerGrant = obs.find((o) => o.kind === 'grant' && tokenRank(pair(o)) === highest);
  return Boolean(newerGrant && newerGrant.atMs <= w.atMs);
}
