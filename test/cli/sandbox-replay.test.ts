/**
 * Issue 20: a run saved from the sandbox replays identically with
 * `sim --scenario-file FILE --json` (the command's own fast loader, not the
 * app's): the same JSON as the run in the app, but the scenario's id.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRun } from '../../src/content/scenario/saved-runs.js';
import { findShippedScenario } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { simToJson } from '../../src/core/sim-json.js';
import { createSandboxStore } from '../../src/store/sandbox-store.js';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';

let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fence-sandbox-replay-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a saved run replays identically with sim --json', () => {
  it.each([
    [
      'late-write',
      (s: ReturnType<typeof createSandboxStore>['getState']) => {
        s().addStep(14, { actor: 'A', do: 'pause' });
        s().addStep(5, { actor: 'C', do: 'write', value: 'say "hi"', delay: 4 });
        s().setOverrides({ fencing: false, ttl: 6 });
      },
    ],
    [
      'amnesia',
      (s: ReturnType<typeof createSandboxStore>['getState']) => {
        s().addStep(3, { actor: 'coordinator', do: 'failover' });
        s().addStep(4, { actor: 'sink', do: 'sink-restart', durable: false });
        s().moveStep(0, 1);
        s().setOverrides({ minting: 'volatile', check: 'split' });
      },
    ],
  ])('%s, acted on', async (id, act) => {
    const store = createSandboxStore({ simulate });
    store.getState().open(findShippedScenario(id)!);
    act(store.getState);
    expect(store.getState().refusal).toBeNull();
    const path = join(dir, `${id}-acted.yaml`);
    expect(saveRun(store.getState().toScenarioFile(`${id} acted`), path)).toEqual({ saved: path });
    const cli = await runCli(['sim', '--scenario-file', path, '--json']);
    expect(cli.status, cli.stderr).toBe(0);
    const inApp = JSON.parse(JSON.stringify(simToJson(store.getState().result!)));
    expect({ ...JSON.parse(cli.stdout), scenario: id }).toEqual({ ...inApp, scenario: id });
  });

  it('never writes a run that fails validation, nor over an existing file', async () => {
    const path = join(dir, 'bad.yaml');
    expect(saveRun('id: bad\nsteps: []\n', path)).toMatchObject({ refused: expect.stringContaining('nothing was written') });
    expect((await runCli(['sim', '--scenario-file', path, '--json'])).status).toBe(2);
    const store = createSandboxStore({ simulate });
    store.getState().open(findShippedScenario('late-write')!);
    const good = join(dir, 'twice.yaml');
    expect(saveRun(store.getState().toScenarioFile('t'), good)).toEqual({ saved: good });
    expect(saveRun(store.getState().toScenarioFile('t'), good)).toMatchObject({ refused: expect.stringContaining('already exists') });
    expect(saveRun(store.getState().toScenarioFile('t'), join(dir, 'no-extension'))).toMatchObject({ refused: expect.stringContaining('.yaml') });
  });
});
