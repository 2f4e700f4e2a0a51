// The explorer's growth scenarios (issue 18), as scenario YAML: each actor in
// turn acquires, writes the first half of its writes, and pauses past its
// lease while the next one waits; the last one keeps the lock; then every
// paused actor resumes and writes the rest, and the last one writes the rest
// too. Split check, so every write is a check and an apply. Shared by the
// bench (scripts/bench/explorer.mjs) and the tests (test/core/explorer-levels.test.ts and others);
// a helper, not a bench area: scripts/bench.mjs reads only the .mjs files directly in scripts/bench/.

const NAMES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Scenario YAML for `actors` actors with `writes` writes each (at most 26 actors). */
export function lateWritersYaml(actors, writes) {
  if (!Number.isInteger(actors) || actors < 1 || actors > NAMES.length) throw new RangeError(`actors: 1 to ${NAMES.length}`);
  if (!Number.isInteger(writes) || writes < 1) throw new RangeError('writes: at least 1');
  const before = Math.ceil(writes / 2);
  const ttl = 5;
  // Each holder's turn: its writes, then a pause, then ttl + 1 ticks for the lease to lapse.
  const turn = before + ttl + 2;
  const steps = [];
  const resumeAt = actors * turn + ttl + 10;
  for (let i = 0; i < actors; i++) {
    const actor = NAMES[i];
    const start = i * turn;
    steps.push(`  - { at: ${i}, actor: ${actor}, do: acquire }`);
    for (let k = 0; k < before; k++) steps.push(`  - { at: ${start + 1 + k}, actor: ${actor}, do: write, value: "${actor}${k + 1}" }`);
    if (i < actors - 1) {
      steps.push(`  - { at: ${start + 1 + before}, actor: ${actor}, do: pause }`);
      steps.push(`  - { at: ${resumeAt + i}, actor: ${actor}, do: resume }`);
    }
    for (let k = before; k < writes; k++) {
      steps.push(`  - { at: ${i === actors - 1 ? start + 1 + k : resumeAt + i}, actor: ${actor}, do: write, value: "${actor}${k + 1}" }`);
    }
  }
  return [
    `# Generated: ${actors} actors x ${writes} writes, each pausing past its lease but the last.`,
    `id: late-writers-${actors}x${writes}`,
    `title: ${actors} late writers, ${writes} writes each`,
    'summary: Each actor in turn takes the lock, writes, and pauses past its lease; the paused ones resume and write late.',
    'config:',
    `  ttl: ${ttl}`,
    '  check: split',
    'steps:',
    ...steps,
    '',
  ].join('\n');
}
