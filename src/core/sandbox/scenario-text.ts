/**
 * A run written out as a scenario file (spec section 1), one step a line in
 * flow style, as the shipped files are. Every string is written as a JSON
 * string, which is a YAML double-quoted scalar: a learner's value or title
 * can never become YAML syntax, a number, a boolean or null. Pure; the
 * caller validates the text with the loader before writing it.
 */
import { SCENARIO_ID } from '../scenario-names.js';
import type { ScenarioConfig, Step } from '../types.js';

export interface ScenarioTextInput {
  id: string;
  title: string;
  summary?: string;
  config: ScenarioConfig;
  steps: readonly Step[];
}

const q = (s: string) => JSON.stringify(s);

/** A kebab-case id from a title ("My run #2" -> "my-run-2"), or `fallback` when nothing is left. */
export function idFromTitle(title: string, fallback = 'my-run'): string {
  const id = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return SCENARIO_ID.test(id) ? id : fallback;
}

/** One step as a flow mapping, with only the fields that differ from the format's defaults. */
export function stepLine(step: Step): string {
  const fields = [`at: ${step.at}`, `actor: ${q(step.actor)}`, `do: ${step.do}`];
  switch (step.do) {
    case 'acquire':
      if (!step.wait) fields.push('wait: false');
      break;
    case 'pause':
      if (step.for !== undefined) fields.push(`for: ${step.for}`);
      break;
    case 'write':
      fields.push(`value: ${q(step.value)}`);
      if (step.delay !== 0) fields.push(`delay: ${step.delay}`);
      break;
    case 'sink-restart':
      if (!step.durable) fields.push('durable: false');
      break;
  }
  return `  - { ${fields.join(', ')} }`;
}

export function scenarioText(input: ScenarioTextInput): string {
  const c = input.config;
  const lines = ['# A run saved from the simulator. Replay it: fence-tutor sim --scenario-file THIS_FILE', `id: ${input.id}`, `title: ${q(input.title)}`];
  if (input.summary) lines.push(`summary: ${q(input.summary)}`);
  lines.push(
    'config:',
    `  ttl: ${c.ttl}`,
    `  keepalive: ${c.keepalive}`,
    `  fencing: ${c.fencing}`,
    `  minting: ${c.minting}`,
    `  check: ${c.check}`,
    `  splitGap: ${c.splitGap}`,
    `  initial: ${c.initial === null ? 'null' : q(c.initial)}`,
    'steps:',
    ...input.steps.map(stepLine),
  );
  return `${lines.join('\n')}\n`;
}
