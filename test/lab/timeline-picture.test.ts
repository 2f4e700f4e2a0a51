/**
 * timeline.svg and timeline.html from recorded lab results (test/fixtures/lab):
 * one lane per process, each write accepted or rejected in words, grants
 * with their tokens, the sinks' final values, the cluster's lanes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { timelineSvg } from '../../src/core/timeline/render-svg.js';
import { pictureModel, timelinePage, timelinePicture } from '../../src/lab/evidence/timeline-picture.js';
import { evidenceLine } from '../../src/lab/plain-printer.js';
import type { LabResult } from '../../src/lab/types.js';

const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'lab', `${name}-result.json`), 'utf8')) as LabResult;

/** The words in one lane of the picture, tags dropped. */
function laneText(svg: string, lane: string): string {
  const start = svg.indexOf(`<g class="lane" data-lane="${lane}">`);
  expect(start, `lane ${lane}`).toBeGreaterThan(-1);
  const body = svg.slice(start, svg.indexOf('<g class="lane"', start + 1) === -1 ? undefined : svg.indexOf('<g class="lane"', start + 1));
  return body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

describe('the lab timeline picture', () => {
  const lateWrite = fixture('late-write');
  const svg = timelinePicture(lateWrite);

  it("late-write: a lane per process; A's late write rejected in words on the fenced sink, accepted on the plain one", () => {
    const lanes = [...svg.matchAll(/<g class="lane" data-lane="([^"]+)">/g)].map((m) => m[1]);
    expect(lanes).toEqual(['coordinator', 'A', 'B', 'sink-plain', 'sink-fenced']);
    expect(svg).toContain(`<desc>fence-tutor ${lateWrite.version} · lab timeline · schemaVersion 1</desc>`);
    expect(laneText(svg, 'sink-fenced')).toContain('rejected (A) "A-late" · token 1');
    expect(laneText(svg, 'sink-fenced')).toContain('accepted (B) "B-current" · token 3');
    expect(laneText(svg, 'sink-plain')).toContain('accepted, stale! (A) "A-late" · token 1');
    expect(laneText(svg, 'sink-fenced')).toContain('final "B-current", token 3');
    expect(laneText(svg, 'sink-plain')).toContain('final "A-late", token 1');
  });

  it('grants carry their tokens; the stop, the expiry as observed and the resume are drawn with words', () => {
    expect(laneText(svg, 'coordinator')).toMatch(/granted to A token 1 .*lease expired \(observed\).*granted to B token 3/);
    expect(laneText(svg, 'A')).toContain('stopped (SIGSTOP)');
    expect(laneText(svg, 'A')).toContain('sends "A-late" · token 1');
  });

  it('events spaced by order with their real times as labels', () => {
    const ticks = [...svg.matchAll(/<text class="tick" x="([\d.]+)"[^>]*>(\d+) ms<\/text>/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const gaps = new Set(ticks.slice(1).map(([x], i) => Math.round(x! - ticks[i]![0]!)));
    expect(gaps.size).toBe(1);
    expect(ticks.map(([, t]) => t)).toEqual([...ticks.map(([, t]) => t)].sort((a, b) => a! - b!));
  });

  it('restore: the epoch-mode tokens as epoch:revision, and the snapshot and the restore on an etcd lane', () => {
    const restore = timelinePicture(fixture('restore'));
    expect(laneText(restore, 'server')).toMatch(/snapshot: revision \d+ .*restored: revision \d+, epoch \d+/);
    expect(laneText(restore, 'sink-epoch')).toMatch(/token \d+:\d+/);
  });

  it('a coordinator killed and restarted (Redis) on a lane of its own', () => {
    const result: LabResult = {
      ...lateWrite,
      experiment: 'coordinator-restart',
      coordinator: 'redis',
      observations: [
        ...lateWrite.observations,
        { atMs: lateWrite.observations[1]!.atMs + 5, actor: 'coordinator', kind: 'coordinator-killed', note: 'volatile: pid 7' },
        { atMs: lateWrite.observations[1]!.atMs + 50, actor: 'coordinator', kind: 'coordinator-restarted', note: 'volatile: lock gone' },
      ],
    };
    const picture = timelinePicture(result);
    expect(laneText(picture, 'server')).toMatch(/redis .*killed \(SIGKILL\): volatile: pid 7 .*restarted: volatile: lock gone/);
  });

  it('failover: a lane per member, the leader killed and the one elected', () => {
    const result: LabResult = {
      ...lateWrite,
      experiment: 'failover',
      observations: [
        ...lateWrite.observations,
        { atMs: lateWrite.observations[1]!.atMs + 5, actor: 'coordinator', kind: 'leader-killed', note: 'etcd-1 (pid 42)' },
        { atMs: lateWrite.observations[1]!.atMs + 900, actor: 'coordinator', kind: 'leader-elected', note: 'etcd-2' },
      ],
      failover: {
        members: ['etcd-1', 'etcd-2', 'etcd-3'].map((name, i) => ({ name, memberId: `m${i}`, pid: 40 + i, clientUrl: `http://127.0.0.1:${2379 + i}` })),
        leaderBefore: 'etcd-1',
        leaderAfter: 'etcd-2',
        killedMember: 'etcd-1',
        killedPid: 42,
        electionMs: 895,
        leaseTtlBeforeS: 2,
        leaseTtlAfterS: 1,
        grantedTtlS: 2,
        bEndpoint: 'http://127.0.0.1:2380',
      },
    };
    const model = pictureModel(result);
    expect(model.lanes.slice(0, 3).map((l) => l.label)).toEqual(['etcd-1', 'etcd-2', 'etcd-3']);
    const picture = timelinePicture(result);
    expect(laneText(picture, 'member-etcd-1')).toMatch(/leader at the start .*leader killed \(SIGKILL\)/);
    expect(laneText(picture, 'member-etcd-2')).toContain('elected leader');
  });

  it('the plain output names timeline.html among the evidence', () => {
    expect(evidenceLine(lateWrite)).toContain('timeline.txt · timeline.html · sink.sqlite in');
  });

  it('tokens as any coordinator gives them: an integer, [epoch, counter], or none (a Redis random value)', () => {
    const picture = timelineSvg(
      {
        unit: 'ms',
        start: 0,
        end: 10,
        lanes: [
          {
            id: 'coordinator',
            label: 'coordinator',
            kind: 'coordinator',
            spans: [],
            marks: [
              { kind: 'grant', t: 0, actor: 'A', token: 7 },
              { kind: 'grant', t: 5, actor: 'B', token: [1, 5] },
              { kind: 'grant', t: 10, actor: 'C', token: null },
            ],
          },
        ],
      },
      { title: 't' },
    );
    expect(laneText(picture, 'coordinator')).toMatch(/granted to A token 7 .*granted to B token 1:5 .*granted to C no token/);
  });

  it('the page embeds the picture with the facts, forbids loading anything, escapes what the run wrote, and stays small', () => {
    const hostile: LabResult = {
      ...lateWrite,
      observations: lateWrite.observations.map((o) => (o.kind === 'write' && o.actor === 'B' ? { ...o, value: '<script>x</script>' } : o)),
    };
    const page = timelinePage(hostile, timelinePicture(hostile), 'report text <b>');
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('&lt;b&gt;');
    expect(page).toContain('<td><strong>rejected</strong></td>');
    expect(Buffer.byteLength(page)).toBeLessThan(200_000);
    expect(Buffer.byteLength(svg)).toBeLessThan(200_000);
  });
});
