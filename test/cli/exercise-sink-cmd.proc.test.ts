/**
 * `exercise check` through the CLI for what this part adds: `--sink-cmd`
 * (exit 2 for a sink that dies before /health, with its stderr; an exercise
 * that does not take it is refused in process, test/cli/lab-usage-errors.test.ts; a JSON report that carries the command
 * and the caveat) and etcd-lock without etcd (exit 2 with the install hint).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { TRIALS_PER_PAIR } from '../../src/exercises/sink-cmd/timing-adversary.js';
import { PYTHON, warnWithoutPython } from '../exercises/sink-cmd/python.js';
import { ensureBuilt, root, runCliAsync } from './cli-run.js';

let home: string;
beforeAll(() => {
  ensureBuilt();
  home = mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? tmpdir(), 'sink-cmd-cli-'));
});
const cli = (args: string[]) => runCliAsync(args, { FENCE_TUTOR_HOME: home });
warnWithoutPython('the example sink of docs/sink-contract.md (exercise check --sink-cmd --json)');
const hasPython = PYTHON !== undefined;

// Concurrent: the runs are independent (the --json one alone spends ~15 s on Python sinks).
describe('exercise check --sink-cmd and missing tools', { concurrent: true, timeout: 60_000 }, () => {
  it('a sink command that dies before /health is exit 2 with the last lines of its stderr', async ({ expect }) => {
    const run = await cli(['exercise', 'check', 'fence-the-sink', '--sink-cmd', "echo 'ModuleNotFoundError: no module named flask' >&2; exit 1"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/exited before GET \/health answered 200/);
    expect(run.stderr).toMatch(/\| ModuleNotFoundError: no module named flask/);
    // Where it ran: `python3 sink.py` fails when sink.py is not in that folder.
    expect(run.stderr).toMatch(
      /Fix: it runs in \/\S+ \(a file it names is looked for there\): run it there yourself to see why it stops; it must listen on 127\.0\.0\.1/,
    );
  });

  it('etcd-lock without etcd is exit 2 with how to install it', async ({ expect }) => {
    const dir = mkdtempSync(join(tmpdir(), 'etcd-lock-cli-'));
    expect((await cli(['exercise', 'start', 'etcd-lock', '--dir', dir])).status).toBe(0);
    const run = await cli(['exercise', 'check', 'etcd-lock', '--dir', dir, '--etcd-bin', '/nonexistent/etcd']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/etcd-lock needs etcd\. etcd was not found\. Install it \(Debian\/Ubuntu: `sudo apt-get install etcd-server`/);
  });

  it.skipIf(!hasPython)(
    // The example sink's fence-the-sink run for test/exercises/sink-cmd too: it passes every check.
    '--json reports a --sink-cmd run with the command, the trials and the caveat; the example sink passes every check of fence-the-sink',
    async ({ expect }) => {
      const run = await cli(['exercise', 'check', 'fence-the-sink', '--json', '--sink-cmd', `${PYTHON} ${join(root, 'docs/examples/sink.py')} {port} {db}`]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const report = JSON.parse(run.stdout) as {
        passed: boolean;
        sinkCmd: string;
        caveat: string;
        checks: { id: string; status: string; runs: number; wrong: number }[];
      };
      expect(report.passed).toBe(true);
      expect(report.sinkCmd).toMatch(/sink\.py \{port\} \{db\}$/);
      expect(report.caveat).toMatch(/weaker evidence/);
      expect(report.checks.map((c) => c.id)).toContain('below-mark');
      expect(report.checks.filter((c) => c.status !== 'passed').map((c) => c.id)).toEqual([]);
      expect(report.checks.find((c) => c.id === 'timing-adversary')).toMatchObject({ status: 'passed', runs: TRIALS_PER_PAIR, wrong: 0 });
    },
    120_000,
  );
});
