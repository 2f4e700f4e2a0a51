/**
 * The flags `sim` and `explore` share, as values: which scenario, the three
 * toggles that override its config and their choices. Free of commander, so
 * the fast path (fast-path.ts) reads the same flags without loading it;
 * sim-options.ts declares them to commander from the same lists.
 */
import type { ConfigOverrides } from '../../core/types.js';

export const FENCING_CHOICES = ['on', 'off'] as const;
export const MINTING_CHOICES = ['durable', 'volatile'] as const;
export const CHECK_CHOICES = ['atomic', 'split'] as const;

/** `value` is one of `choices`: narrows a flag's text to the choice's type. */
export function isChoice<Choice extends string>(choices: readonly Choice[], value: string): value is Choice {
  return choices.some((c) => c === value);
}

export interface ScenarioFlags {
  scenario?: string;
  scenarioFile?: string;
  fencing?: (typeof FENCING_CHOICES)[number];
  minting?: (typeof MINTING_CHOICES)[number];
  check?: (typeof CHECK_CHOICES)[number];
  json?: boolean;
  content?: string;
}

export function overridesFrom(flags: ScenarioFlags): ConfigOverrides {
  const o: ConfigOverrides = {};
  if (flags.fencing !== undefined) o.fencing = flags.fencing === 'on';
  if (flags.minting !== undefined) o.minting = flags.minting;
  if (flags.check !== undefined) o.check = flags.check;
  return o;
}
