/**
 * Issue 38's D3: a runner killed around a server's spawn must leave nothing
 * the next run cannot find. The server is recorded (by its command line,
 * which names the run's own temp dir) before it is spawned; its temp dir is
 * recorded before it is made; and a pidfile's temp files of a dead writer are
 * removed by the next run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reapLeftovers, RunPidfile } from '../../src/lab/processes/pidfile.js';
import { isAlive } from '../../src/lab/processes/proc.js';
import { makeRecordedTempDir } from '../../src/lab/servers/run-temp-dir.js';
import { spawnServer } from '../../src/lab/servers/spawn-server.js';

const started: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of started.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A process whose command line names `dir`, as a server's names its data dir. */
function serverArgv(dir: string): string[] {
  return [process.execPath, '-e', 'setInterval(() => {}, 1000)', join(dir, 'data')];
}

async function waitUntil(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 10));
}

describe('a server recorded before it exists', { timeout: 30_000 }, () => {
  it('spawnServer writes the pidfile entry before the spawn, then completes it with the pid', async () => {
    const runDir = tempDir('fence-run-');
    const serverDir = tempDir('fence-server-');
    const pidfile = new RunPidfile(runDir, 'first');
    const seenAtIntend: { pid: number }[][] = [];
    const recorder = {
      intend(role: string, argv: string[]) {
        const slot = pidfile.intend(role, argv);
        // What is on disk at this moment: the entry, with no pid yet.
        seenAtIntend.push(pidfile.children.map((c) => ({ pid: c.pid })));
        return slot;
      },
      addTempDir: (d: string) => pidfile.addTempDir(d),
    };
    const server = spawnServer('test-server', serverArgv(serverDir), join(serverDir, 'log'), recorder);
    started.push(server.proc);
    expect(seenAtIntend).toEqual([[{ pid: 0 }]]);
    expect(pidfile.children[0]?.pid).toBe(server.pid);
    expect(pidfile.children[0]?.startTime).toBeDefined();
  });

  it('the next run ends a server whose runner died before its pid was written, found by its argv', async () => {
    const runDir = tempDir('fence-run-');
    const serverDir = mkdtempSync(join(tmpdir(), 'fence-server-'));
    const argv = serverArgv(serverDir);
    const orphan = spawn(argv[0]!, argv.slice(1), { stdio: 'ignore' });
    started.push(orphan);
    await waitUntil(() => isAlive(orphan.pid!));
    // What a runner killed between the intend and the spawned leaves: pid 0, a dead runner.
    writeFileSync(
      join(runDir, 'lab-dead.json'),
      JSON.stringify({ runner: { pid: 999_999_999, argv: ['gone'] }, children: [{ role: 'redis', pid: 0, argv }], tempDirs: [serverDir] }),
    );
    const report = await reapLeftovers(runDir);
    expect(report.ended).toEqual([orphan.pid]);
    await waitUntil(() => !isAlive(orphan.pid!));
    expect(existsSync(serverDir)).toBe(false);
  });

  it('a pid-0 entry whose argv names none of its run temp dirs ends nothing (a hand-edited pidfile)', async () => {
    const runDir = tempDir('fence-run-');
    const serverDir = tempDir('fence-server-');
    const argv = serverArgv(serverDir);
    const stranger = spawn(argv[0]!, argv.slice(1), { stdio: 'ignore' });
    started.push(stranger);
    await waitUntil(() => isAlive(stranger.pid!));
    writeFileSync(
      join(runDir, 'lab-edited.json'),
      JSON.stringify({ runner: { pid: 999_999_999, argv: ['gone'] }, children: [{ role: 'x', pid: 0, argv }], tempDirs: [] }),
    );
    const report = await reapLeftovers(runDir);
    expect(report.ended).toEqual([]);
    expect(isAlive(stranger.pid!)).toBe(true);
  });

  it('a temp dir is in the pidfile before it exists on disk', () => {
    const runDir = tempDir('fence-run-');
    const pidfile = new RunPidfile(runDir, 'dirs');
    let existedWhenRecorded: boolean | undefined;
    const dir = makeRecordedTempDir('fence-tutor-redis', {
      addTempDir: (d) => {
        existedWhenRecorded = existsSync(d);
        pidfile.addTempDir(d);
      },
    });
    dirs.push(dir);
    expect(existedWhenRecorded).toBe(false);
    expect(existsSync(dir)).toBe(true);
  });

  it("the next run removes a pidfile's temp files left by a dead writer, and keeps a live writer's", async () => {
    const runDir = tempDir('fence-run-');
    const dead = `.lab-killed.json.999999999.${Date.now()}.tmp`;
    const live = `.lab-live.json.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(join(runDir, dead), '{');
    writeFileSync(join(runDir, live), '{');
    await reapLeftovers(runDir);
    expect(readdirSync(runDir)).toEqual([live]);
  });
});
