/**
 * The learner's code contained (issue 38, D6, D7): `exercise check` on
 * hostile sinks ends with a report, the tutor's memory stays bounded, and
 * nothing the sink started is left. Before: 1 GiB printed without a newline
 * took the tutor past 1 GB and crashed it; a heap without limit reached
 * 2.5 GB; kill(ppid, SIGSTOP) froze the tutor for good; a setsid'd
 * grandchild holding the sink's stdout hung the tutor after its verdict.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { bin, ensureBuilt } from '../cli/cli-run.js';
import { lanes } from '../helpers/lanes.js';
import { startedBy } from '../helpers/proc-tree.js';
import { waitUntil } from '../helpers/wait-until.js';
import { residentBytes } from '../../src/platform/memory-watch.js';

beforeAll(() => ensureBuilt());

const WRITE = `export async function write(db, request) {
  await db.run('UPDATE resource SET value = ? WHERE id = 1', request.value);
  return { accepted: true };
}`;

/** `--time-limit` in ms: short where the sink hangs on purpose, long where the cap must come first. */
const SINKS: { name: string; source: string; says?: RegExp; limitMs?: number; sinkCmd?: string; cannotLoad?: boolean }[] = [
  {
    name: '1 GiB on stdout without a newline',
    source: `import { once } from 'node:events';
const chunk = 'x'.repeat(1 << 20);
export async function setup() {
  for (let i = 0; i < 1024; i++) if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
}
${WRITE}`,
  },
  {
    name: 'a heap without end',
    source: `const kept = [];
export async function setup() {
  for (;;) kept.push(new Array(1 << 16).fill(kept.length));
}
${WRITE}`,
    says: /used more than 512 MB/,
    limitMs: 60_000,
  },
  {
    name: 'a Buffer past the cap (resident, not heap)',
    source: `const kept = [];
export async function setup() {
  for (let i = 0; i < 12; i++) { kept.push(Buffer.alloc(64 << 20, 1)); await new Promise((r) => setTimeout(r, 50)); }
  await new Promise(() => undefined);
}
${WRITE}`,
    says: /used more than 512 MB/,
    limitMs: 60_000,
  },
  {
    name: 'kill(ppid, SIGSTOP)',
    source: `export async function setup() { process.kill(process.ppid, 'SIGSTOP'); }
${WRITE}`,
  },
  {
    name: 'a .mjs sink that starts a process (refused by the permission model)',
    source: `import { spawn } from 'node:child_process';
spawn('setsid', ['sh', '-c', 'sleep 1000 & sleep 1000'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true }).unref();
${WRITE}`,
    // Its import throws (child_process is refused): a file that cannot load is exit 2.
    cannotLoad: true,
  },
  {
    name: "a .mjs sink reading the tutor's environment (refused by the permission model)",
    source: `import { readFileSync } from 'node:fs';
export async function write(db, request) {
  return { accepted: true, env: readFileSync('/proc/' + process.ppid + '/environ', 'latin1') };
}`,
    says: /restricted/,
  },
  {
    name: 'a --sink-cmd sink whose setsid grandchild holds stdout',
    source: WRITE,
    sinkCmd: "setsid sh -c 'sleep 1000 & sleep 1000' & sleep 1000",
  },
];

const oneAtATime = lanes(1);

describe.skipIf(process.platform !== 'linux')('hostile learner sinks (issue 38)', { concurrent: true, timeout: 240_000 }, () => {
  it.for(SINKS)('$name: a report, a bounded tutor, nothing left', (sink, { expect }) =>
    oneAtATime(async () => {
      const base = mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? '/tmp', 'hostile-'));
      const work = mkdtempSync(join(base, 'work-'));
      const tmp = mkdtempSync(join(base, 'tmp-'));
      writeFileSync(join(work, 'sink.mjs'), sink.source);
      const env: NodeJS.ProcessEnv = { ...process.env, FENCE_TUTOR_HOME: join(base, 'home'), TMPDIR: tmp };
      delete env.CI;
      const runner = spawn(
        process.execPath,
        [
          bin,
          'exercise',
          'check',
          'fence-the-sink',
          '--dir',
          work,
          '--json',
          '--ttl',
          '0.3',
          '--time-limit',
          String(sink.limitMs ?? 2000),
          ...(sink.sinkCmd ? ['--sink-cmd', sink.sinkCmd] : []),
        ],
        {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      runner.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      let code: number | null | undefined;
      runner.on('exit', (c) => {
        code = c;
      });
      let peak = 0;
      await waitUntil(
        () => {
          peak = Math.max(peak, residentBytes(runner.pid!) ?? 0);
          return code !== undefined;
        },
        { every: 20, timeout: 200_000, what: 'the check to end' },
      );
      if (sink.sinkCmd || sink.cannotLoad) {
        // Never healthy, or refused at import: the sink could not start (exit 2).
        expect(code).toBe(2);
      } else {
        expect(code).toBe(1);
        const report = JSON.parse(out) as { passed: boolean };
        expect(report.passed).toBe(false);
        if (sink.says) expect(JSON.stringify(report)).toMatch(sink.says);
      }
      expect(peak).toBeLessThan(150 * 1024 * 1024);
      await waitUntil(() => startedBy(runner.pid!).length === 0, { timeout: 20_000, what: 'no process left' }).catch(() => undefined);
      expect(startedBy(runner.pid!).map((p) => p.cmdline)).toEqual([]);
      expect(readdirSync(tmp)).toEqual([]);
    }),
  );
});
