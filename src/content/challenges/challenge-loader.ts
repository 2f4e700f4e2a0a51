/**
 * Challenge files (challenges/FORMAT.md): YAML in, a typed Challenge out, or
 * a ContentError listing every problem with its file, line and fix. The
 * file is read bounded and parsed with the project's capped YAML parser;
 * the starting scenario and the reference solution go through the scenario
 * rules (scenario-validate.ts) with their lines kept. Whether the goal is
 * met where it should be is challenge-check.ts (validate runs it).
 */
import { CHALLENGE_TOGGLES, type ChallengeToggle } from '../../core/challenge-acts.js';
import type { ChallengeGoal } from '../../core/challenge-goal.js';
import type { Scenario, ScenarioConfig, StepKind } from '../../core/types.js';
import { MAX_CONTENT_BYTES } from '../shared/input-limits.js';
import { ContentError, type Problem } from '../shared/problems.js';
import { readContentText } from '../shared/read-text.js';
import { sanitizeLine, sanitizeText } from '../shared/sanitize.js';
import { SCENARIO_ID, scenarioFromParsed } from '../scenario/scenario-validate.js';
import { type ParsedYaml, type PathSegment, parseYaml } from '../shared/yaml.js';
import type { Challenge } from './challenge-types.js';

const TOP_KEYS = ['kind', 'id', 'title', 'lesson', 'task', 'scenario', 'allow', 'par', 'hints', 'solution', 'goal', 'proof', 'debrief'];
const REQUIRED = ['id', 'title', 'lesson', 'task', 'scenario', 'allow', 'par', 'solution', 'goal'];
const STEP_KINDS: StepKind[] = ['acquire', 'release', 'pause', 'resume', 'write', 'failover', 'sink-restart'];
const GOAL_KEYS = ['final', 'staleAcceptances', 'rejected', 'accepted', 'ttlAtMost', 'refusedWhileHolding', 'tokensBackwards', 'explore'];
const CHALLENGE_FIX = 'see challenges/FORMAT.md';

/** Finds a scenario a challenge names (shipped, or in the content directory). */
export type ScenarioLookup = (id: string) => Scenario | undefined;

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A view of the part of a parsed file under `prefix`, so the scenario rules report lines of the whole file. */
function subDocument(parsed: ParsedYaml, prefix: PathSegment[], data: unknown): ParsedYaml {
  return {
    file: parsed.file,
    data,
    lineAt: (path) => parsed.lineAt([...prefix, ...path]),
    keyLineAt: (path) => parsed.keyLineAt([...prefix, ...path]),
  };
}

class Reader {
  readonly problems: Problem[] = [];
  constructor(readonly parsed: ParsedYaml) {}
  at(path: PathSegment[], message: string, fix: string, key = false): void {
    const line = key ? this.parsed.keyLineAt(path) : this.parsed.lineAt(path);
    this.problems.push({ file: this.parsed.file, line, message, fix });
  }
  text(data: Mapping, key: string): string | undefined {
    const v = data[key];
    if (v === undefined) return undefined;
    if (typeof v === 'string' && v.trim() !== '') return sanitizeText(v).trim();
    this.at([key], `\`${key}\` must be a non-empty string`, `write \`${key}: "..."\``);
    return undefined;
  }
  /** Runs the scenario rules on a part of the file, keeping their problems. */
  scenario(prefix: PathSegment[], data: unknown): Scenario | undefined {
    try {
      return scenarioFromParsed(subDocument(this.parsed, prefix, data), this.parsed.file);
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
      this.problems.push(...err.problems);
      return undefined;
    }
  }
}

/** Reads, parses and checks a challenge file. */
export function loadChallengeFile(path: string, findScenario: ScenarioLookup, local = true): Challenge {
  const text = readContentText(path, 'a challenge file', 'give the path of a challenge file (.yaml)', MAX_CONTENT_BYTES);
  const challenge = challengeFromText(text, path, findScenario);
  if (local) challenge.local = true;
  return challenge;
}

export function challengeFromText(text: string, file: string, findScenario: ScenarioLookup): Challenge {
  const parsed = parseYaml(text, file);
  const r = new Reader(parsed);
  const data = parsed.data;
  if (!isMapping(data)) {
    throw new ContentError([{ file, line: 1, message: 'a challenge file must be a mapping', fix: `start with \`id: my-challenge\`; ${CHALLENGE_FIX}` }]);
  }
  for (const key of Object.keys(data)) {
    if (!TOP_KEYS.includes(key)) r.at([key], `unknown key \`${key}\` in a challenge`, `remove it; a challenge takes: ${TOP_KEYS.join(', ')}`, true);
  }
  for (const key of REQUIRED) if (!(key in data)) r.at([], `the challenge has no \`${key}\``, `add \`${key}:\`; ${CHALLENGE_FIX}`);
  if ('kind' in data && data.kind !== 'challenge') r.at(['kind'], '`kind` must be `challenge` in a challenge file', 'write `kind: challenge` or leave it out');

  let id: string | undefined;
  if (typeof data.id === 'string' && SCENARIO_ID.test(data.id)) id = data.id;
  else if ('id' in data)
    r.at(['id'], '`id` must be kebab-case (lower-case letters and digits joined by single dashes)', 'write for example `id: lose-b-update`');
  const title = r.text(data, 'title');
  const lesson = r.text(data, 'lesson');
  const task = r.text(data, 'task');
  const proof = r.text(data, 'proof');
  const debrief = r.text(data, 'debrief');

  // The starting scenario: a scenario id, or one written here.
  let start: Scenario | undefined;
  let scenarioRef: string | undefined;
  if (typeof data.scenario === 'string') {
    scenarioRef = data.scenario;
    start = findScenario(data.scenario);
    if (!start)
      r.at(
        ['scenario'],
        `\`scenario\` names "${sanitizeLine(data.scenario)}", which is not a shipped scenario or one in the content directory`,
        'name a scenario (fence-tutor scenarios lists them) or write one here with `steps:`',
      );
  } else if (isMapping(data.scenario)) {
    start = r.scenario(['scenario'], { id: id ?? 'challenge', ...data.scenario });
  } else if ('scenario' in data) {
    r.at(
      ['scenario'],
      '`scenario` must be a scenario id or a scenario (config and steps)',
      'write `scenario: late-write` or `scenario:` with `steps:` under it',
    );
  }

  const allow = readAllow(r, data.allow);
  let par: number | undefined;
  if (Number.isSafeInteger(data.par) && (data.par as number) >= 1) par = data.par as number;
  else if ('par' in data) r.at(['par'], '`par` must be an integer >= 1 (the fewest acts that solve it)', 'write for example `par: 2`');
  const hints = readHints(r, data.hints);
  const goal = readGoal(r, data.goal);

  let solution: Scenario | undefined;
  if (isMapping(data.solution) && start) {
    const raw = data.solution;
    for (const key of Object.keys(raw)) {
      if (key !== 'config' && key !== 'steps')
        r.at(['solution', key], `unknown key \`${key}\` in the solution`, 'a solution takes `config` (what it changes) and `steps` (the whole list)', true);
    }
    const checked = r.scenario(['solution'], { id: id ?? 'challenge', config: raw.config, steps: raw.steps });
    if (checked) {
      // The solution's config says only what it changes; the rest is the start's.
      const written = isMapping(raw.config) ? Object.keys(raw.config) : [];
      const config: ScenarioConfig = { ...start.config };
      for (const key of written) if (key in config) (config as unknown as Mapping)[key] = (checked.config as unknown as Mapping)[key];
      solution = { ...checked, config };
    }
  } else if ('solution' in data && !isMapping(data.solution)) {
    r.at(['solution'], '`solution` must be a mapping with `steps` (and `config` for the toggles it changes)', CHALLENGE_FIX);
  }

  if (r.problems.length > 0 || !id || !title || !lesson || !task || !start || !allow || par === undefined || !goal || !solution) {
    if (r.problems.length === 0) r.at([], 'the challenge is incomplete', CHALLENGE_FIX);
    throw new ContentError(r.problems);
  }
  const lines: Record<string, number> = {};
  for (const key of Object.keys(data)) lines[key] = parsed.keyLineAt([key]);
  const solutionScenario: Scenario = { ...solution, id, title };
  const startScenario: Scenario = { ...start, id: start.id, origin: start.origin ?? { file } };
  return {
    id,
    title,
    lesson,
    task,
    start: startScenario,
    scenarioRef,
    allow,
    par,
    hints,
    solution: solutionScenario,
    goal,
    proof,
    debrief,
    file,
    lines,
  };
}

function readAllow(r: Reader, raw: unknown): Challenge['allow'] | undefined {
  if (raw === undefined) return undefined;
  if (!isMapping(raw)) {
    r.at(['allow'], '`allow` must be a mapping with `steps` and `toggles`', 'write `allow: { steps: [pause, resume, write], toggles: [fencing] }`');
    return undefined;
  }
  for (const key of Object.keys(raw)) {
    if (key !== 'steps' && key !== 'toggles') r.at(['allow', key], `unknown key \`${key}\` in \`allow\``, '`allow` takes `steps` and `toggles`', true);
  }
  const list = <T extends string>(key: string, options: readonly T[]): T[] | undefined => {
    const v = raw[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      r.at(['allow', key], `\`allow.${key}\` must be a list`, `write for example \`${key}: [${options.slice(0, 2).join(', ')}]\``);
      return undefined;
    }
    const out: T[] = [];
    v.forEach((item, i) => {
      if (typeof item === 'string' && (options as readonly string[]).includes(item)) out.push(item as T);
      else
        r.at(['allow', key, i], `\`${String(item)}\` is not one of the ${key === 'steps' ? 'step kinds' : 'toggles'}`, `write one of: ${options.join(', ')}`);
    });
    return out;
  };
  const steps = list('steps', STEP_KINDS);
  const toggles = list<ChallengeToggle>('toggles', CHALLENGE_TOGGLES);
  if (!steps || !toggles) return undefined;
  if (steps.length === 0 && toggles.length === 0) {
    r.at(['allow'], '`allow` permits nothing', 'list the step kinds and toggles the learner may change');
    return undefined;
  }
  return { steps, toggles };
}

function readHints(r: Reader, raw: unknown): string[] {
  if (raw === undefined) return [];
  if (Array.isArray(raw) && raw.every((h) => typeof h === 'string' && h.trim() !== '')) return raw.map((h) => sanitizeText(h as string).trim());
  r.at(['hints'], '`hints` must be a list of strings', 'write `hints:` then one `- "..."` per hint, the gentlest first');
  return [];
}

function readGoal(r: Reader, raw: unknown): ChallengeGoal | undefined {
  if (raw === undefined) return undefined;
  if (!isMapping(raw) || Object.keys(raw).length === 0) {
    r.at(['goal'], '`goal` must be a mapping with at least one part', `write for example \`goal: { final: "1" }\`; parts: ${GOAL_KEYS.join(', ')}`);
    return undefined;
  }
  const goal: ChallengeGoal = {};
  const p = (k: string, ...rest: PathSegment[]): PathSegment[] => ['goal', k, ...rest];
  const before = r.problems.length;
  for (const [key, v] of Object.entries(raw)) {
    switch (key) {
      case 'final':
        if (v === null || typeof v === 'string' || typeof v === 'number') goal.final = v === null ? null : String(v);
        else r.at(p(key), '`goal.final` must be a value (quoted) or null', 'write `final: "100"`');
        break;
      case 'staleAcceptances':
      case 'ttlAtMost':
        if (Number.isSafeInteger(v) && (v as number) >= (key === 'ttlAtMost' ? 2 : 0)) goal[key] = v as number;
        else
          r.at(p(key), `\`goal.${key}\` must be an integer >= ${key === 'ttlAtMost' ? 2 : 0}`, `write for example \`${key}: ${key === 'ttlAtMost' ? 6 : 1}\``);
        break;
      case 'rejected':
      case 'accepted':
        if (Array.isArray(v) && v.every((a) => typeof a === 'string')) goal[key] = v as string[];
        else r.at(p(key), `\`goal.${key}\` must be a list of actors`, `write for example \`${key}: [A]\``);
        break;
      case 'refusedWhileHolding':
        if (typeof v === 'string' && v !== '') goal.refusedWhileHolding = v;
        else r.at(p(key), '`goal.refusedWhileHolding` must be an actor', 'write for example `refusedWhileHolding: B`');
        break;
      case 'tokensBackwards':
        if (v === true) goal.tokensBackwards = true;
        else r.at(p(key), '`goal.tokensBackwards` can only be true', 'write `tokensBackwards: true` or leave it out');
        break;
      case 'explore':
        if (isMapping(v) && Object.keys(v).length === 1 && (v.stale === 'some' || v.stale === 'none')) goal.explore = { stale: v.stale };
        else
          r.at(
            p(key),
            '`goal.explore` must be `{ stale: some }` or `{ stale: none }`',
            'write `explore: { stale: some }` (some ordering accepts a stale write) or `{ stale: none }`',
          );
        break;
      default:
        r.at(p(key), `unknown part \`${key}\` of a goal`, `use: ${GOAL_KEYS.join(', ')}`, true);
    }
  }
  return r.problems.length === before ? goal : undefined;
}
