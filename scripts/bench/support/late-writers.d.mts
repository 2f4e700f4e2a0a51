/** Scenario YAML for `actors` actors with `writes` writes each (see late-writers.mjs). */
export function lateWritersYaml(actors: number, writes: number): string;
