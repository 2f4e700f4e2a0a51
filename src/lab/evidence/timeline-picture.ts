/**
 * timeline.svg and timeline.html (issue 37): the observed run as a picture,
 * from the same model timeline.txt draws (lab-timeline.ts), with the
 * cluster's own lanes where an experiment has a cluster (failover: a lane
 * per member, the leader killed and the one elected; restore: the snapshot
 * and the restore), and each sink's final value at the end of its lane. The
 * page embeds the picture with the run's facts (report.txt, and the writes
 * in a table), loads nothing and runs nothing (core/html-page.ts).
 */
import { escapeHtml as esc, htmlPage } from '../../core/html-page.js';
import { formatToken } from '../../core/token.js';
import type { TimelineLane, TimelineModel } from '../../core/timeline/index.js';
import { timelineSvg } from '../../core/timeline/render-svg.js';
import { quoteValue } from '../../core/display-text.js';
import type { LabResult, Observation } from '../types.js';
import { labTimeline } from './lab-timeline.js';

/** Events of the coordinator's server itself, in words. */
const SERVER_EVENTS: Partial<Record<Observation['kind'], string>> = {
  snapshot: 'snapshot',
  'etcd-restored': 'restored',
  'coordinator-killed': 'killed (SIGKILL)',
  'coordinator-restarted': 'restarted',
};

/** The lab's model with the cluster's lanes added, in the same time origin (A's first grant). */
export function pictureModel(result: LabResult): TimelineModel {
  const model = labTimeline(result);
  const origin = result.observations.find((o) => o.kind === 'grant')?.atMs ?? 0;
  const t = (o: Observation) => Math.max(0, Math.round(o.atMs - origin));
  const of = (kind: Observation['kind']) => result.observations.filter((o) => o.kind === kind);
  const extra: TimelineLane[] = [];
  const f = result.failover;
  if (f) {
    for (const m of f.members) {
      const lane: TimelineLane = { id: `member-${m.name}`, label: m.name, kind: 'coordinator', spans: [], marks: [] };
      if (m.name === f.leaderBefore) lane.marks.push({ kind: 'failover', t: 0, label: 'leader at the start' });
      for (const k of of('leader-killed'))
        if (k.note?.split(' ')[0] === m.name) lane.marks.push({ kind: 'failover', t: t(k), label: 'leader killed (SIGKILL)' });
      for (const e of of('leader-elected')) if (e.note === m.name) lane.marks.push({ kind: 'failover', t: t(e), label: 'elected leader' });
      extra.push(lane);
    }
  }
  // The ZooKeeper ensemble's members: who led, who was killed, who was elected.
  const z = result.ensembleFailover;
  for (const m of z?.members ?? []) {
    const name = `member ${m.id}`;
    const lane: TimelineLane = { id: `member-${m.id}`, label: name, kind: 'coordinator', spans: [], marks: [] };
    if (m.id === z!.leaderBefore) lane.marks.push({ kind: 'failover', t: 0, label: 'leader at the start' });
    for (const k of of('leader-killed')) if (k.note?.startsWith(`${name} `)) lane.marks.push({ kind: 'failover', t: t(k), label: 'leader killed (SIGKILL)' });
    for (const e of of('leader-elected')) if (e.note === name) lane.marks.push({ kind: 'failover', t: t(e), label: 'elected leader' });
    extra.push(lane);
  }
  // The server's own life: etcd's snapshot and restore, a coordinator killed and restarted (Redis).
  const cluster = result.observations.filter((o) => SERVER_EVENTS[o.kind] !== undefined).sort((x, y) => x.atMs - y.atMs);
  if (cluster.length > 0) {
    extra.push({
      id: 'server',
      label: result.coordinator,
      kind: 'coordinator',
      spans: [],
      marks: cluster.map((o) => ({ kind: 'failover' as const, t: t(o), label: `${SERVER_EVENTS[o.kind]}${o.note ? `: ${o.note}` : ''}` })),
    });
  }
  const end = Math.max(model.end, ...extra.flatMap((l) => l.marks.map((m) => m.t)));
  return { ...model, end, lanes: [...extra, ...model.lanes] };
}

/** Each sink lane's final value, for the end of its lane. */
function finals(result: LabResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [mode, m] of Object.entries(result.modes)) {
    out[`sink-${mode}`] = `final ${quoteValue(m.final.value, 14)}, token ${formatToken(m.final.token)}`;
  }
  return out;
}

export function timelinePicture(result: LabResult): string {
  return timelineSvg(pictureModel(result), {
    title: `lab ${result.experiment}, ${result.coordinator} coordinator, TTL ${result.ttlMs} ms: verdict ${result.verdict}`,
    generator: `fence-tutor ${result.version} · lab timeline · schemaVersion ${result.schemaVersion}`,
    laneEnds: finals(result),
  });
}

function writesTable(result: LabResult): string {
  const rows = result.observations
    .filter((o) => o.kind === 'write')
    .map(
      (o) =>
        `<tr class="${o.accepted ? 'accepted' : 'rejected'}"><td>${esc(o.mode ?? '')}</td><td>${esc(o.actor)}</td><td>${esc(quoteValue(o.value ?? null, 40))}</td><td>${esc(
          formatToken(o.epoch !== undefined && o.token !== undefined ? [o.epoch, o.token] : (o.token ?? null)),
        )}</td><td class="num">${esc(o.status ?? '')}</td><td><strong>${o.accepted ? 'accepted' : 'rejected'}</strong></td></tr>`,
    )
    .join('');
  return `<table><caption>Writes the sinks received, in the order they happened</caption><thead><tr><th>sink</th><th>writer</th><th>value</th><th>token</th><th class="num">status</th><th>outcome</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function timelinePage(result: LabResult, svg: string, report: string): string {
  const checks = result.checks.map((c) => `<li>${c.ok ? 'ok' : '<strong>FAILED</strong>'}: ${esc(c.text)}</li>`).join('');
  return htmlPage(
    `lab ${result.experiment}: timeline`,
    'body{max-width:none}figure{margin:1rem 0;overflow-x:auto}pre{white-space:pre-wrap;font-size:12px;background:#f6f6f6;padding:.75rem}tr.rejected td:last-child::before{content:"\\2717 "}tr.accepted td:last-child::before{content:"\\2713 "}@media print{pre{background:none}}',
    `<h1>Lab run: ${esc(result.experiment)}</h1><p>Verdict: <strong>${esc(result.verdict)}</strong>; fence-tutor ${esc(result.version)}, schemaVersion ${result.schemaVersion}, started ${esc(
      result.startedAt,
    )}.</p><ul>${checks}</ul><figure>${svg.replace(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /, '<svg ')}<figcaption>The run as observed: one lane per process, events spaced by order, real times on the axis.</figcaption></figure>${writesTable(
      result,
    )}<h2>The run's facts (report.txt)</h2><pre>${esc(report)}</pre>`,
  );
}
