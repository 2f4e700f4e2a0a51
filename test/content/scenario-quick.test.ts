import { describe, expect, it } from 'vitest';
import { listShippedScenarios } from '../../src/content/scenario/scenario-loader.js';

describe('quick loading by file and by id', () => {
  it('finds shipped scenarios by id, equal to the full loader', async () => {
    const { quickFindScenario } = await import('../../src/content/scenario/scenario-quick.js');
    const { findShippedScenario } = await import('../../src/content/scenario/scenario-loader.js');
    for (const s of listShippedScenarios()) expect(await quickFindScenario(s.id)).toEqual(findShippedScenario(s.id));
    expect(await quickFindScenario('no-such')).toBeUndefined();
    expect(await quickFindScenario('Bad_Id')).toBeUndefined();
  });

  it('loads a file, local, and reports a missing one', async () => {
    const { quickScenarioFile } = await import('../../src/content/scenario/scenario-quick.js');
    const file = new URL('../fixtures/scenarios/twelve-writes.yaml', import.meta.url).pathname;
    const s = await quickScenarioFile(file);
    expect(s.origin).toEqual({ file, local: true });
    expect(s.steps).toHaveLength(24);
    await expect(quickScenarioFile('/nonexistent/q.yaml')).rejects.toThrow(/q\.yaml: no such file/);
  });

  it('finds a scenario in a folder whose file is not named after its id', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { quickFindScenario } = await import('../../src/content/scenario/scenario-quick.js');
    const dir = mkdtempSync(join(tmpdir(), 'ft-quick-'));
    writeFileSync(join(dir, 'other-name.yaml'), 'id: mine\nsteps:\n  - { at: 0, actor: A, do: acquire }\n');
    const s = await quickFindScenario('mine', dir, true);
    expect(s?.id).toBe('mine');
    expect(s?.origin?.local).toBe(true);
  });

  it('lists the shipped ids in curriculum order', async () => {
    const { shippedScenarioIds } = await import('../../src/content/scenario/scenario-files.js');
    expect(shippedScenarioIds()).toEqual(listShippedScenarios().map((s) => s.id));
  });
});
