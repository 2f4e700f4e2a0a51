import { it } from 'vitest';
import { checkFile, shipped } from '../exercises/helpers.js';
const N = Number(process.env.SXN ?? 1);
const ID = process.env.SXID ?? 'fence-the-sink';
it('cpu', async () => {
  await checkFile(ID, shipped(ID, 'solution.mjs'));
  const c0 = process.cpuUsage();
  const t0 = Date.now();
  for (let i = 0; i < N; i++) {
    const r = await checkFile(ID, shipped(ID, 'solution.mjs'));
    if (i === 0) console.log('RUNS', r.checks.map((c) => `${c.id}:${c.runs}:${c.durationMs}`).join(' '));
  }
  const c = process.cpuUsage(c0);
  console.log('PARENT', ID, N, 'wall', Date.now() - t0, 'cpu', Math.round((c.user + c.system) / 1000));
}, 300_000);
