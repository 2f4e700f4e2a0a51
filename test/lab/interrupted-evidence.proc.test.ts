/**
 * An interrupted lab leaves no evidence folder holding only sink.sqlite
 * (issue 38, minor): Ctrl-C once the sink's database exists, exit 130, and
 * the default evidence folder is gone (it held nothing a run could use).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, ensureBuilt } from '../cli/cli-run.js';
import { waitUntil } from '../helpers/wait-until.js';

beforeAll(() => ensureBuilt());

// Folders only: lab/ also keeps the embedded coordinator's state file.
const folders = (lab: string) =>
  existsSync(lab)
    ? readdirSync(lab, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];

describe('an interrupted lab', { timeout: 120_000 }, () => {
  it('Ctrl-C after the sink made its database: exit 130, no evidence folder left', async () => {
    const home = mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? '/tmp', 'interrupted-'));
    const env: NodeJS.ProcessEnv = { ...process.env, FENCE_TUTOR_HOME: home };
    delete env.CI;
    const runner = spawn(process.execPath, [bin, 'lab', '--json', '--ttl', '5'], { env, stdio: 'ignore' });
    let code: number | null | undefined;
    runner.on('exit', (c) => {
      code = c;
    });
    const lab = join(home, 'lab');
    await waitUntil(() => code !== undefined || folders(lab).some((f) => existsSync(join(lab, f, 'sink.sqlite'))), {
      timeout: 60_000,
      what: 'the sink database',
    });
    expect(code).toBeUndefined();
    runner.kill('SIGINT');
    await waitUntil(() => code !== undefined, { timeout: 60_000, what: 'the runner to end' });
    expect(code).toBe(130);
    expect(folders(lab)).toEqual([]);
  });
});
