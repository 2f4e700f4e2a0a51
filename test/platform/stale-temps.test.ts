import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeStaleTemps, writeFileAtomic } from '../../src/platform/atomic-file.js';

const deadPid = () => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

describe('temp files left by a killed writer', () => {
  it("the next write removes those of a dead pid and keeps a live writer's and other files'", () => {
    const dir = mkdtempSync(join(process.env.FENCE_TUTOR_HOME!, 'temps-'));
    const now = Date.now();
    const dead = `.state.json.${deadPid()}.${now}.tmp`;
    const live = `.state.json.${process.ppid}.${now}.tmp`;
    const other = `.other.json.${deadPid()}.${now}.tmp`;
    for (const name of [dead, live, other]) writeFileSync(join(dir, name), '{"half":');
    writeFileAtomic(join(dir, 'state.json'), '{}\n');
    expect(readdirSync(dir).sort()).toEqual([live, other, 'state.json'].sort());
  });

  it("removes a live pid's temp file once it is older than any write takes (pids are reused)", () => {
    const dir = mkdtempSync(join(process.env.FENCE_TUTOR_HOME!, 'temps-'));
    const old = `.state.json.${process.ppid}.${Date.now() - 2 * 60 * 60 * 1000}.tmp`;
    writeFileSync(join(dir, old), '');
    expect(removeStaleTemps(join(dir, 'state.json'))).toEqual([old]);
  });
});
