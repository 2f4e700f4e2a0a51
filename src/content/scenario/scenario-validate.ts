/**
 * The rules of a scenario file (spec sections 1 and 2), checked on parsed
 * data: every problem with its line and what to write instead. Parser-free,
 * so the fast path of `sim` and `explore` can use it without the YAML library.
 *
 * Validation is by hand rather than with zod: `sim --json` must start almost
 * as fast as `node -e 0`, and the rules are few and need line-precise,
 * rule-specific fixes anyway.
 */
import { DEFAULT_CONFIG, type Scenario, type ScenarioConfig, type Step, type StepKind } from '../../core/types.js';
import { type Problem, ContentError } from '../shared/problems.js';
import { sanitizeLine } from '../shared/sanitize.js';
import type { ParsedYaml, PathSegment } from '../shared/yaml.js';
import { MAX_ACTORS, MAX_STEPS } from '../shared/input-limits.js';

import { ACTOR_NAME, RESERVED_ACTOR_STEPS, SCENARIO_ID } from '../../core/scenario-names.js';

export { SCENARIO_ID };

const TOP_KEYS = ['id', 'title', 'summary', 'config', 'steps', 'kind'];
const CONFIG_KEYS = Object.keys(DEFAULT_CONFIG) as (keyof ScenarioConfig)[];
const COMMON_STEP_KEYS = ['at', 'actor', 'do'];
/** The fields each `do` takes besides at, actor and do. */
const STEP_FIELDS: Record<StepKind, string[]> = {
  acquire: ['wait'],
  release: [],
  pause: ['for'],
  resume: [],
  write: ['value', 'delay'],
  failover: [],
  'sink-restart': ['durable'],
};
const STEP_KINDS = Object.keys(STEP_FIELDS) as StepKind[];

/** The shipped scenarios, in the order a learner meets them. */
export const SHIPPED_ORDER = ['late-write', 'book-timeline', 'allocator-failover', 'split-race', 'early-stale', 'delayed-network', 'amnesia'];

type Mapping = Record<string, unknown>;

function isMapping(v: unknown): v is Mapping {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isInteger(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `${typeof v} ${String(v)}`;
}

function closest(word: string, options: readonly string[]): string | undefined {
  // A cheap "did you mean": same letters ignoring case and dashes, or a shared prefix of 3.
  const norm = (s: string) => s.toLowerCase().replace(/[-_ ]/g, '');
  const w = norm(word);
  return options.find((o) => norm(o) === w) ?? options.find((o) => w.length >= 3 && (norm(o).startsWith(w.slice(0, 3)) || w.startsWith(norm(o).slice(0, 3))));
}

class Checker {
  readonly problems: Problem[] = [];
  constructor(
    private readonly file: string,
    private readonly parsed: ParsedYaml,
  ) {}

  at(path: PathSegment[], message: string, fix: string, key = false): void {
    const line = key ? this.parsed.keyLineAt(path) : this.parsed.lineAt(path);
    this.problems.push({ file: this.file, line, message, fix });
  }

  unknownKeys(obj: Mapping, allowed: readonly string[], path: PathSegment[], where: string, extraFix?: string): void {
    for (const key of Object.keys(obj)) {
      if (allowed.includes(key)) continue;
      const guess = closest(key, allowed);
      const fix = guess
        ? `did you mean \`${guess}\`? ${where} takes: ${allowed.join(', ')}`
        : (extraFix ?? `remove it; ${where} takes: ${allowed.join(', ') || 'no other fields'}`);
      this.at([...path, key], `unknown key \`${key}\` in ${where}`, fix, true);
    }
  }

  integer(v: unknown, path: PathSegment[], name: string, min: number, example: string): number | undefined {
    if (isInteger(v) && v >= min) return v;
    const what = isInteger(v) ? `${v}, below ${min}` : describe(v);
    this.at(path, `\`${name}\` must be an integer >= ${min}, not ${what}`, `write for example \`${example}\``);
    return undefined;
  }

  boolean(v: unknown, path: PathSegment[], name: string): boolean | undefined {
    if (typeof v === 'boolean') return v;
    this.at(path, `\`${name}\` must be true or false, not ${describe(v)}`, `write \`${name}: true\` or \`${name}: false\``);
    return undefined;
  }

  value(v: unknown, path: PathSegment[], name: string): string | undefined {
    if (typeof v === 'string') {
      if (v === 'null') {
        this.at(
          path,
          `\`${name}\` may not be the string "null": it stands for "no value" in the explorer's output`,
          name === 'initial' ? 'write `initial: null` (unquoted) for no value, or choose another string' : 'choose another string, e.g. "none"',
        );
        return undefined;
      }
      return v;
    }
    const shown = typeof v === 'number' || typeof v === 'boolean' ? String(v) : 'text';
    this.at(path, `\`${name}\` must be a string, not ${describe(v)}`, `quote it: \`${name}: "${shown}"\``);
    return undefined;
  }

  oneOf<T extends string>(v: unknown, path: PathSegment[], name: string, options: readonly T[]): T | undefined {
    if (typeof v === 'string' && (options as readonly string[]).includes(v)) return v as T;
    const guess = typeof v === 'string' ? closest(v, options) : undefined;
    this.at(
      path,
      `\`${name}\` must be one of ${options.join(', ')}, not ${describe(v)}`,
      guess ? `did you mean \`${name}: ${guess}\`?` : `write one of: ${options.map((o) => `\`${name}: ${o}\``).join(', ')}`,
    );
    return undefined;
  }
}

function checkConfig(c: Checker, raw: unknown): ScenarioConfig {
  const config: ScenarioConfig = { ...DEFAULT_CONFIG };
  if (raw === undefined) return config;
  if (!isMapping(raw)) {
    c.at(['config'], `\`config\` must be a mapping, not ${describe(raw)}`, 'write `config:` then indented keys such as `ttl: 10`, or leave it out');
    return config;
  }
  c.unknownKeys(raw, CONFIG_KEYS, ['config'], 'config');
  const p = (k: string): PathSegment[] => ['config', k];
  if ('ttl' in raw) config.ttl = c.integer(raw.ttl, p('ttl'), 'ttl', 2, 'ttl: 10') ?? config.ttl;
  if ('splitGap' in raw) config.splitGap = c.integer(raw.splitGap, p('splitGap'), 'splitGap', 1, 'splitGap: 1') ?? config.splitGap;
  for (const k of ['keepalive', 'fencing'] as const) {
    if (k in raw) config[k] = c.boolean(raw[k], p(k), k) ?? config[k];
  }
  if ('minting' in raw) config.minting = c.oneOf(raw.minting, p('minting'), 'minting', ['durable', 'volatile']) ?? config.minting;
  if ('check' in raw) config.check = c.oneOf(raw.check, p('check'), 'check', ['atomic', 'split']) ?? config.check;
  if ('initial' in raw && raw.initial !== null) config.initial = c.value(raw.initial, p('initial'), 'initial') ?? null;
  return config;
}

function checkStep(c: Checker, raw: unknown, index: number, line: number): Step | undefined {
  const path: PathSegment[] = ['steps', index];
  if (!isMapping(raw)) {
    c.at(path, `step ${index + 1} must be a mapping, not ${describe(raw)}`, 'write it as `- { at: 0, actor: A, do: acquire }`');
    return undefined;
  }
  const kind = raw.do === undefined ? undefined : c.oneOf(raw.do, [...path, 'do'], 'do', STEP_KINDS);
  if (raw.do === undefined) c.at(path, `step ${index + 1} has no \`do\``, `add one of: ${STEP_KINDS.map((k) => `\`do: ${k}\``).join(', ')}`);
  const at = raw.at === undefined ? undefined : c.integer(raw.at, [...path, 'at'], 'at', 0, 'at: 3');
  if (raw.at === undefined) c.at(path, `step ${index + 1} has no \`at\` tick`, 'add `at:` with an integer tick >= 0, e.g. `at: 0`');

  let actor: string | undefined;
  if (raw.actor === undefined) {
    c.at(path, `step ${index + 1} has no \`actor\``, 'add `actor:` with a name such as `A` (or `coordinator` for failover, `sink` for sink-restart)');
  } else if (typeof raw.actor !== 'string' || !ACTOR_NAME.test(raw.actor)) {
    c.at(
      [...path, 'actor'],
      `\`actor\` must be a name like A, B or worker_1, not ${describe(raw.actor)}`,
      'start with a letter; use letters, digits, `_` and `-`',
    );
  } else {
    actor = raw.actor;
  }

  if (kind !== undefined) {
    c.unknownKeys(raw, [...COMMON_STEP_KEYS, ...STEP_FIELDS[kind]], path, `a \`${kind}\` step`, undefined);
    if (actor !== undefined) {
      if (kind === RESERVED_ACTOR_STEPS.coordinator && actor !== 'coordinator') {
        c.at([...path, 'actor'], `only the coordinator fails over, not \`${actor}\``, 'write `actor: coordinator` for `do: failover`');
        actor = undefined;
      } else if (kind === RESERVED_ACTOR_STEPS.sink && actor !== 'sink') {
        c.at([...path, 'actor'], `only the sink restarts, not \`${actor}\``, 'write `actor: sink` for `do: sink-restart`');
        actor = undefined;
      } else if (actor === 'coordinator' && kind !== RESERVED_ACTOR_STEPS.coordinator) {
        c.at([...path, 'actor'], `the reserved actor \`coordinator\` can only \`failover\`, not \`${kind}\``, 'name a worker such as `A` for this step');
        actor = undefined;
      } else if (actor === 'sink' && kind !== RESERVED_ACTOR_STEPS.sink) {
        c.at([...path, 'actor'], `the reserved actor \`sink\` can only \`sink-restart\`, not \`${kind}\``, 'name a worker such as `A` for this step');
        actor = undefined;
      }
    }
  } else {
    c.unknownKeys(raw, [...COMMON_STEP_KEYS, ...new Set(Object.values(STEP_FIELDS).flat())], path, 'a step');
  }
  if (kind === undefined) return undefined;
  // The fields of the step are checked even when at or actor are wrong, so every problem is reported at once.
  const step = stepFields(c, raw, kind, path, { at: at ?? 0, actor: actor ?? '', line });
  return at === undefined || actor === undefined ? undefined : step;
}

function stepFields(c: Checker, raw: Mapping, kind: StepKind, path: PathSegment[], base: { at: number; actor: string; line: number }): Step | undefined {
  const f = (k: string): PathSegment[] => [...path, k];
  switch (kind) {
    case 'acquire': {
      const wait = 'wait' in raw ? c.boolean(raw.wait, f('wait'), 'wait') : true;
      return wait === undefined ? undefined : { ...base, do: 'acquire', wait };
    }
    case 'release':
      return { ...base, do: 'release' };
    case 'resume':
      return { ...base, do: 'resume' };
    case 'failover':
      return { ...base, do: 'failover' };
    case 'pause': {
      if (!('for' in raw)) return { ...base, do: 'pause' };
      const ticks = c.integer(raw.for, f('for'), 'for', 1, 'for: 5');
      return ticks === undefined ? undefined : { ...base, do: 'pause', for: ticks };
    }
    case 'write': {
      let value: string | undefined;
      if (!('value' in raw)) c.at(path, 'a `write` step needs a `value`', 'add `value: "..."` (a quoted string)');
      else value = c.value(raw.value, f('value'), 'value');
      const delay = 'delay' in raw ? c.integer(raw.delay, f('delay'), 'delay', 0, 'delay: 5') : 0;
      return value === undefined || delay === undefined ? undefined : { ...base, do: 'write', value, delay };
    }
    case 'sink-restart': {
      const durable = 'durable' in raw ? c.boolean(raw.durable, f('durable'), 'durable') : true;
      return durable === undefined ? undefined : { ...base, do: 'sink-restart', durable };
    }
  }
}

/** Validates parsed YAML; throws ContentError listing every problem. */
export function scenarioFromParsed(parsed: ParsedYaml, file: string): Scenario {
  const c = new Checker(file, parsed);
  const data = parsed.data;
  if (data === null || data === undefined) {
    throw new ContentError([{ file, line: 0, message: 'the file is empty', fix: 'write a scenario with at least `id:` and `steps:` (see the README)' }]);
  }
  if (!isMapping(data)) {
    throw new ContentError([
      { file, line: 1, message: `a scenario file must be a mapping, not ${describe(data)}`, fix: 'start with `id: my-scenario` and then `steps:`' },
    ]);
  }
  c.unknownKeys(data, TOP_KEYS, [], 'a scenario');
  if ('kind' in data && data.kind !== 'scenario') {
    c.at(['kind'], `\`kind\` must be \`scenario\` in a scenario file, not ${describe(data.kind)}`, 'write `kind: scenario` or leave it out');
  }
  let id: string | undefined;
  if (!('id' in data)) c.at([], 'the scenario has no `id`', 'add `id: my-scenario` (kebab-case) at the top');
  else if (typeof data.id !== 'string' || !SCENARIO_ID.test(data.id)) {
    c.at(
      ['id'],
      `\`id\` must be kebab-case (lower-case letters and digits joined by single dashes), not ${describe(data.id)}`,
      'write for example `id: late-write`',
    );
  } else id = data.id;
  const text = (key: 'title' | 'summary'): string | undefined => {
    if (!(key in data) || data[key] === undefined) return undefined;
    if (typeof data[key] === 'string') return sanitizeLine(data[key] as string).trim();
    c.at([key], `\`${key}\` must be a string, not ${describe(data[key])}`, `write \`${key}: "..."\``);
    return undefined;
  };
  const title = text('title');
  const summary = text('summary');
  const config = checkConfig(c, data.config);

  const steps: Step[] = [];
  if (!('steps' in data)) c.at([], 'the scenario has no `steps`', 'add `steps:` with a list such as `- { at: 0, actor: A, do: acquire }`');
  else if (!Array.isArray(data.steps) || data.steps.length === 0) {
    c.at(['steps'], `\`steps\` must be a non-empty list, not ${describe(data.steps)}`, 'list the steps, one per line: `- { at: 0, actor: A, do: acquire }`');
  } else if (data.steps.length > MAX_STEPS) {
    c.at(
      ['steps'],
      `the scenario has ${data.steps.length} steps, more than the limit of ${MAX_STEPS}`,
      `split it into scenarios of at most ${MAX_STEPS} steps`,
    );
  } else {
    data.steps.forEach((raw, i) => {
      const step = checkStep(c, raw, i, parsed.lineAt(['steps', i]));
      if (step) steps.push(step);
    });
    const actors = new Set(steps.map((s) => s.actor));
    if (actors.size > MAX_ACTORS) {
      c.at(['steps'], `the scenario has ${actors.size} actors, more than the limit of ${MAX_ACTORS}`, `use at most ${MAX_ACTORS} actors`);
    }
  }
  if (c.problems.length > 0) throw new ContentError(c.problems);
  const scenario: Scenario = { id: id!, config, steps, origin: { file } };
  if (title !== undefined) scenario.title = title;
  if (summary !== undefined) scenario.summary = summary;
  return scenario;
}
