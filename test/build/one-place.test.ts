/**
 * Rules that used to be written in two to four places and now live in one
 * (issue 15, "One place per rule"). Each test checks that the users of a rule
 * follow its one definition, so a copy that drifts shows up here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quoteValue, quoteValueKey, NO_VALUE_KEY, NOTHING } from '../../src/core/display-text.js';
import { simulate } from '../../src/core/engine.js';
import { explore } from '../../src/core/explorer.js';
import { isTypedText, typedChars } from '../../src/core/neutralise.js';
import { NO_VALUE } from '../../src/core/prediction.js';
import { isReservedActor, RESERVED_ACTOR_STEPS, RESERVED_ACTORS } from '../../src/core/scenario-names.js';
import { ContentError } from '../../src/content/shared/problems.js';
import { EXPERIMENT_CATALOGUE, EXPERIMENTS, experimentsHelp, OWN_ETCD_EXPERIMENTS } from '../../src/lab/experiment-catalogue.js';
import { EXPERIMENT_TABLE } from '../../src/lab/experiments/index.js';
import { LAB_EXPERIMENTS } from '../../src/ui/screens/lab/experiment-list.js';
import { scenario } from '../core/helpers.js';

describe('one place per rule', () => {
  it('reserved actors: the engine runs their one step without an acquire, the validator refuses any other', () => {
    expect([...RESERVED_ACTORS].sort()).toEqual(['coordinator', 'sink']);
    const run = simulate(
      scenario('- { at: 1, actor: A, do: acquire }\n- { at: 2, actor: sink, do: sink-restart }\n- { at: 3, actor: A, do: write, value: "1" }'),
    );
    expect(run.events.some((e) => e.kind === 'sink-restart')).toBe(true);
    for (const actor of RESERVED_ACTORS) {
      expect(isReservedActor(actor)).toBe(true);
      const other = RESERVED_ACTOR_STEPS[actor] === 'failover' ? 'acquire' : 'failover';
      expect(() => scenario(`- { at: 1, actor: ${actor}, do: ${other} }`)).toThrow(ContentError);
    }
    expect(isReservedActor('A')).toBe(false);
    expect(isReservedActor('constructor')).toBe(false);
  });

  it('"no value": one key for the explorer and the prediction, one word on screen', () => {
    expect(NO_VALUE).toBe(NO_VALUE_KEY);
    const never = scenario('- { at: 1, actor: A, do: acquire }');
    expect(Object.keys(explore(never).finalValues)).toEqual([NO_VALUE_KEY]);
    expect(quoteValueKey(NO_VALUE_KEY)).toBe(NOTHING);
    expect(quoteValue(null)).toBe(NOTHING);
    expect(quoteValueKey('100')).toBe('"100"');
  });

  it('the experiment catalogue: the runner, the screen, the flag and the help all list the same experiments', () => {
    expect(Object.keys(EXPERIMENT_TABLE).sort()).toEqual([...EXPERIMENTS].sort());
    expect(LAB_EXPERIMENTS.map((e) => e.name)).toEqual([...EXPERIMENTS]);
    for (const e of EXPERIMENT_CATALOGUE) expect(experimentsHelp()).toMatch(new RegExp(`^  ${e.name} +\\S`, 'm'));
    expect(OWN_ETCD_EXPERIMENTS.every((n) => (EXPERIMENT_CATALOGUE.find((e) => e.name === n)?.needs as readonly string[] | undefined)?.includes('etcd'))).toBe(
      true,
    );
  });

  it('typed text: the search box takes printable text, never escapes, controls or bidi characters', () => {
    expect(isTypedText('lease')).toBe(true);
    expect(isTypedText('é')).toBe(true);
    for (const bad of ['', '\u001b[2J', '\u0007', '\t', '\n', '\u202e', '\u009b1m', '\u007f']) expect(isTypedText(bad), JSON.stringify(bad)).toBe(false);
  });
});

const root = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [relative(root, join(dir, d.name))] : [],
  );
}

/** A rule written again outside its home: the pattern, where it may appear, and where it lives. */
const COPIES: { rule: string; pattern: RegExp; home: string; within?: RegExp }[] = [
  { rule: 'a quiz mode compared by name', pattern: /mode\s*[!=]==?\s*'(exam|practice|review)'/, home: 'src/core/quiz/mode-rules.ts' },
  {
    rule: 'the reserved actors listed by hand',
    pattern: /===\s*'(coordinator|sink)'\s*\|\|\s*[\w.]+\s*===\s*'(coordinator|sink)'/,
    home: 'src/core/scenario-names.ts',
  },
  { rule: 'which characters may be typed or shown', pattern: /\\p\{C[a-z]?\}/, home: 'src/core/neutralise.ts' },
  // A missing sink value turned into a word (quoteValue, NOTHING); a claim's and a quiz option's spellings are content.
  {
    rule: '"no value" spelled by hand',
    pattern: /\b(value|v)\s*(===\s*null\s*\?|\?\?)\s*['"`]\(?(no value|none|nothing|empty)\)?['"`]/,
    home: 'src/core/display-text.ts',
  },
  {
    rule: 'an exit status as a bare number',
    pattern: /\b(process\.exit|quit)\(\d+\)|exitCode\s*=\s*\d/,
    home: 'src/platform/exit-codes.ts',
    // The app and its commands; the lab's and exercises' children speak to their runner, not to a person.
    within: /^src\/(cli|ui|store|progress|reports|content|challenges)\//,
  },
  // CONTRIBUTING: errorMessage, never a cast (a thrown string or null makes the cast lie).
  { rule: "an error's message read through a cast", pattern: /as Error\)\??\.message/, home: 'src/platform/error-message.ts' },
  // A net server with no handler exists only to learn a free port: the lab and the exercises share one.
  { rule: 'a free port found by hand', pattern: /\bcreateServer\(\)/, home: 'src/platform/free-port.ts' },
  { rule: 'a focus guard registered by hand', pattern: /\b(setKeyContext|setBackGuard|setCtrlCGuard)\(\s*\(/, home: 'src/ui/use-focus-guards.ts' },
];

describe('no rule written twice in src/', () => {
  it.each(COPIES)('$rule: only in $home', ({ pattern, home, within }) => {
    const found = sources(join(root, 'src'))
      .filter((file) => file !== home && (within === undefined || within.test(file)))
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => !/^\s*(\*|\/\/)/.test(line) && pattern.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it("typed text: the reader's search, the act menu and the save field keep the same characters", () => {
    expect(typedChars('a\u202eb\u0007c\u00e9\u200b')).toBe('abc\u00e9');
    expect(typedChars('\u001b')).toBe('');
  });
});
