/**
 * `fence-tutor lab` end to end on real processes with the embedded
 * coordinator: every experiment, the JSON contract, the evidence files,
 * the evidence database read by Debian's sqlite3, nothing left running.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, type ExpectStatic, expect, it } from 'vitest';
import type { RepeatSummary } from '../../src/lab/repeats.js';
import type { LabResult } from '../../src/lab/types.js';
import { lanes } from '../helpers/lanes.js';
import { ensureBuilt, integerToken, runCli, sqlite, stillAlive, tempHome, toolMissing } from './helpers.js';

let home = '';
beforeAll(() => {
  ensureBuilt();
  home = tempHome();
});

const env = () => ({ FENCE_TUTOR_HOME: home });
// Usage errors each in a data directory of their own: they run beside the chain's runs.
const ownHome = () => ({ FENCE_TUTOR_HOME: tempHome() });

// The shortest lease the lab takes: nothing here depends on its length, and each run waits it out once.
const TTL = '0.5';

// Four lab runs at a time in this file (the first run's chain asks first); the usage errors, which start nothing, go beside them.
// A test's time limit counts its wait for a lane too: hence 120 s for the describes below.
const labSlot = lanes(4);
const labRun = (args: string[], env: NodeJS.ProcessEnv) => labSlot(() => runCli(['lab', ...args], env, 60_000));

async function labJson<T = LabResult>(args: string[], dataHome = home) {
  const run = await labRun(['--json', '--ttl', TTL, ...args], { FENCE_TUTOR_HOME: dataHome });
  if (run.code !== 0) throw new Error(`exit ${run.code}\n${run.stderr}\n${run.stdout}`);
  return { run, result: JSON.parse(run.stdout) as T };
}

/** `check`: a concurrent test's own expect. */
function expectNothingLeft(result: LabResult, dataHome = home, check: ExpectStatic = expect) {
  return stillAlive([result.pids.A, result.pids.B, ...result.pids.sink]).then((alive) => {
    check(alive).toEqual([]);
    check(readdirSync(join(dataHome, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });
}

// Every describe here is concurrent with the others (each lab run in a data
// directory of its own: one lab per data directory; the runs mostly wait
// for a lease to run out). This one is a chain inside: its tests read the
// first run's evidence and the data directory's revision, in order.
describe('lab late-write, embedded coordinator', { concurrent: true, timeout: 120_000 }, () => {
  let first: LabResult;

  it.sequential('plain ends at A-late, fenced rejects A and stays at B-current; JSON as the issue lists', async () => {
    const out = join(home, 'late-1');
    const { run, result } = await labJson(['--out', out]);
    first = result;
    expect(run.stderr).toBe('');
    expect(result).toMatchObject({
      schemaVersion: 1,
      coordinator: 'embedded',
      experiment: 'late-write',
      ttlMs: 500,
      verdict: 'expected',
      outDir: out,
    });
    expect(typeof result.version).toBe('string');
    expect(Number.isInteger(result.tokens.A!) && Number.isInteger(result.tokens.B!)).toBe(true);
    expect(integerToken(result.tokens.B)).toBeGreaterThan(integerToken(result.tokens.A));
    // Lesson 5: the expiry that deletes A's key takes a revision of its own, so B is at least two above A.
    expect(integerToken(result.tokens.B) - integerToken(result.tokens.A)).toBeGreaterThanOrEqual(2);
    expect(result.observedExpiryWaitMs).toBeGreaterThan(0);
    expect(result.stoppedAfterMs).toBeGreaterThanOrEqual(0);
    expect(result.durationMs).toBeGreaterThan(result.observedExpiryWaitMs);
    expect(result.modes.plain).toMatchObject({
      bWrite: { status: 200, accepted: true },
      lateWrite: { status: 200, accepted: true },
      final: { value: 'A-late', token: result.tokens.A! },
    });
    expect(result.modes.fenced).toMatchObject({
      bWrite: { status: 200, accepted: true },
      lateWrite: { status: 409, accepted: false, body: { reason: `stale token ${result.tokens.A!} < mark ${result.tokens.B!}` } },
      final: { value: 'B-current', token: result.tokens.B!, hwm: result.tokens.B! },
    });
    await expectNothingLeft(result);
  });

  it.sequential('writes run.json, report.txt and timeline.txt, each naming schemaVersion and version', () => {
    const out = first.outDir as string;
    const saved = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
    expect(saved.tokens).toEqual(first.tokens);
    expect(saved.schemaVersion).toBe(1);
    const report = readFileSync(join(out, 'report.txt'), 'utf8');
    expect(report).toMatch(/schemaVersion 1/);
    expect(report).toContain(first.version);
    expect(report).toContain(`Tokens       A ${first.tokens.A!}, B ${first.tokens.B!}`);
    expect(report).toContain('Verdict      expected');
    const timeline = readFileSync(join(out, 'timeline.txt'), 'utf8');
    expect(timeline).toMatch(/schemaVersion 1/);
    for (const lane of ['coordinator', 'A', 'B', 'sink plain', 'sink fenced']) expect(timeline).toContain(lane);
    expect(timeline).toContain(`●A ${first.tokens.A!}`);
    expect(timeline).toMatch(/^ms /m);
  });

  it.sequential("leaves an evidence database Debian's sqlite3 reads", { skip: toolMissing('sqlite3') }, () => {
    const db = join(first.outDir as string, 'sink.sqlite');
    expect(sqlite(db, "SELECT value, token, hwm FROM resource WHERE mode = 'fenced'").trim()).toBe(`B-current|${first.tokens.B!}|${first.tokens.B!}`);
    expect(sqlite(db, "SELECT value FROM resource WHERE mode = 'plain'").trim()).toBe('A-late');
    // B's two writes come first (in either order: they are sent together), then A's two.
    const rows = sqlite(db, 'SELECT writer, mode, value, token, status FROM writes ORDER BY id').trim().split('\n');
    expect(rows.slice(0, 2).sort()).toEqual([`B|fenced|B-current|${first.tokens.B!}|200`, `B|plain|B-current|${first.tokens.B!}|200`]);
    expect(rows.slice(2).sort()).toEqual([`A|fenced|A-late|${first.tokens.A!}|409`, `A|plain|A-late|${first.tokens.A!}|200`]);
    expect(sqlite(db, "SELECT value FROM meta WHERE key = 'version'").trim()).toBe(first.version);
  });

  it.sequential('refuses an --out directory that already holds a run', async () => {
    const run = await runCli(['lab', '--out', join(home, 'late-1')], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/already holds a lab run's evidence \(run.json\)/);
    // Refused before the run's header: nothing on stdout.
    expect(run.stdout).toBe('');
  });

  // The next run and --repeats share one command: its runs are the next runs on this data directory.
  it.sequential('hands out higher tokens on the next run (the revision is durable); summarises --repeats', async () => {
    const { result } = await labJson<{ runs: LabResult[]; summary: RepeatSummary }>(['--repeats', '2']);
    expect(result.runs).toHaveLength(2);
    const next = result.runs[0]!;
    expect(integerToken(next.tokens.A)).toBeGreaterThan(integerToken(first.tokens.B));
    expect(existsSync(join(next.outDir, 'run.json'))).toBe(true);
    expect(result.summary).toMatchObject({ runs: 2, expected: 2, unexpected: 0, verdict: 'expected', ttlMs: 500 });
    expect(result.summary.durationMs.median).toBeGreaterThan(0);
    expect(existsSync(join(result.summary.outDir, 'summary.json'))).toBe(true);
  });
});

describe('lab in plain mode, embedded coordinator', { concurrent: true, timeout: 120_000 }, () => {
  it('prints the steps and the verdict lines in plain mode', async ({ expect }) => {
    // The evidence folder named with an escape sequence and an RLO: a path is data on the screen too.
    const home = tempHome();
    const run = await labRun(['--ttl', TTL, '--ascii', '--out', join(home, 'ev\u001b]0;T\u0007\u202e')], { FENCE_TUTOR_HOME: home });
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(out).toMatch(/evidence: .* in .*ev<U\+202E>$/m);
    expect(out).toMatch(/\[ok\] A \(pid \d+\) holds the lock with token \d+/);
    expect(out).toContain('[ok] A stopped (SIGSTOP), no keepalive');
    expect(out).toMatch(/saw the lock gone [\d.]+ s after A's grant/);
    expect(out).toMatch(/plain\s+A-late\s+B's write LOST: A's late write overwrote B's \(200\)/);
    expect(out).toMatch(/fenced\s+B-current\s+B's write kept: A rejected: 409 stale token \d+ < mark \d+/);
    expect(out).toContain('verdict: expected');
    expect(out).toMatch(/evidence: run.json, report.txt/);
    expect(out).toMatch(/^ Lab > late-write, embedded coordinator, TTL 0.5 s$/m);
    // --ascii: nothing outside ASCII on the screen.
    expect(out).toMatch(/^[\x00-\x7f]*$/);
  });
});

// Concurrent (each run in a data directory of its own: one lab per data
// directory): the runs mostly wait for their lease to run out.
describe('the other experiments, embedded coordinator', { concurrent: true, timeout: 120_000 }, () => {
  it('split: atomic rejects A and ends at B-current; split ends at A-late and lowers the mark', async ({ expect }) => {
    const own = tempHome();
    const { result } = await labJson(['--experiment', 'split'], own);
    expect(result.experiment).toBe('split');
    expect(result.verdict).toBe('expected');
    const { A, B } = result.tokens;
    expect(result.modes.atomic).toMatchObject({ lateWrite: { status: 409 }, final: { value: 'B-current', hwm: B } });
    expect(result.modes.split).toMatchObject({
      bWrite: { status: 200 },
      lateWrite: { status: 200, accepted: true },
      final: { value: 'A-late', token: A, hwm: A },
    });
    expect(Object.keys(result.modes).sort()).toEqual(['atomic', 'split']);
    await expectNothingLeft(result, own, expect);
  });

  it('early: A accepted, then B accepted, final B-current; the report says why', async ({ expect }) => {
    const { result } = await labJson(['--experiment', 'early'], tempHome());
    expect(result.verdict).toBe('expected');
    expect(result.modes.fenced).toMatchObject({
      lateWrite: { status: 200, accepted: true },
      bWrite: { status: 200, accepted: true },
      final: { value: 'B-current', hwm: result.tokens.B! },
    });
    const report = readFileSync(join(result.outDir, 'report.txt'), 'utf8');
    expect(report).toMatch(/narrower contract/);
    expect(report).toMatch(/current owner/);
  });

  it('restart: the sink is SIGKILLed between B and A; A is still rejected, the mark read back from disk', async ({ expect }) => {
    const own = tempHome();
    const { result } = await labJson(['--experiment', 'restart'], own);
    expect(result.verdict).toBe('expected');
    expect(result.pids.sink).toHaveLength(2);
    expect(result.modes.fenced).toMatchObject({
      bWrite: { status: 200 },
      lateWrite: { status: 409, accepted: false },
      final: { value: 'B-current', hwm: result.tokens.B! },
      markAfterRestart: result.tokens.B!,
    });
    expect(result.checks.every((c) => c.ok)).toBe(true);
    await expectNothingLeft(result, own, expect);
  });
});

describe('an outcome other than the expected one', { concurrent: true, timeout: 120_000 }, () => {
  it('is reported as unexpected with the failed checks, exit 1 (a sink that forgot its fence)', async ({ expect }) => {
    // Side by side, each run in a data directory of its own (one lab per data directory).
    const [json, plain] = await Promise.all([
      labRun(['--json', '--ttl', TTL], { FENCE_TUTOR_HOME: tempHome(), FENCE_LAB_SINK_FAULT: 'no-fence' }),
      labRun(['--ttl', TTL], { FENCE_TUTOR_HOME: tempHome(), FENCE_LAB_SINK_FAULT: 'no-fence' }),
    ]);
    expect(json.code).toBe(1);
    const result = JSON.parse(json.stdout) as LabResult;
    expect(result.verdict).toBe('unexpected');
    expect(result.modes.fenced?.final.value).toBe('A-late');
    expect(result.checks.filter((c) => !c.ok).map((c) => c.text)).toContain("fenced rejected A's late write with 409");
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain('verdict: UNEXPECTED');
    expect(plain.stdout).toMatch(/not so: fenced rejected A's late write with 409/);
  });
});

describe('lab usage errors (exit 2, nothing started)', { concurrent: true, timeout: 120_000 }, () => {
  it.each([
    [['--ttl', '0'], /--ttl 0/],
    [['--ttl', 'soon'], /--ttl soon/],
    [['--repeats', '0'], /--repeats/],
    [['--experiment', 'nope'], /nope/],
    [['--etcd-endpoints', 'http://127.0.0.1:1'], /needs --coordinator etcd/],
    [['--coordinator', 'etcd', '--etcd-endpoints', 'ftp://x'], /only http/],
  ])('%j', async (args, message) => {
    // it.each hands no context: the global expect serves (no snapshots or assertion counts here).
    const run = await runCli(['lab', ...args], ownHome());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('says how to install etcd when it is missing', async ({ expect }) => {
    const [run, noPath] = await Promise.all([
      runCli(['lab', '--coordinator', 'etcd', '--etcd-bin', join(home, 'no-etcd-here')], ownHome()),
      runCli(['lab', '--coordinator', 'etcd', '--json'], { ...ownHome(), PATH: '/nonexistent' }),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('apt-get install etcd-server');
    expect(noPath.code).toBe(2);
    expect(noPath.stderr).toContain('apt-get install etcd-server');
    expect(noPath.stdout).toBe('');
  });
});
