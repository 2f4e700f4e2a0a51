import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, type Problem } from '../../src/content/shared/problems.js';
import { loadScenarioFile, loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { DEFAULT_CONFIG } from '../../src/core/types.js';

function problems(text: string): Problem[] {
  try {
    loadScenarioText(text, 'bad.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    return (err as ContentError).problems;
  }
  throw new Error('the file was accepted');
}

const OK_STEP = '  - { at: 0, actor: A, do: acquire }';

describe('a valid scenario file', () => {
  it('loads with defaults for every missing config key', () => {
    const s = loadScenarioText(`id: tiny\nsteps:\n${OK_STEP}\n`, 'tiny.yaml');
    expect(s.config).toEqual(DEFAULT_CONFIG);
    expect(s.steps).toEqual([{ at: 0, actor: 'A', do: 'acquire', wait: true, line: 3 }]);
  });

  it('accepts JSON, kind: scenario, and fills step defaults', () => {
    const s = loadScenarioText(
      JSON.stringify({
        id: 'j',
        kind: 'scenario',
        config: { initial: 'x', check: 'split', splitGap: 2 },
        steps: [
          { at: 1, actor: 'A', do: 'write', value: 'v' },
          { at: 2, actor: 'sink', do: 'sink-restart' },
          { at: 3, actor: 'B_2', do: 'pause', for: 2 },
        ],
      }),
      'j.json',
    );
    expect(s.config).toMatchObject({ initial: 'x', check: 'split', splitGap: 2 });
    expect(s.steps[0]).toMatchObject({ do: 'write', delay: 0 });
    expect(s.steps[1]).toMatchObject({ do: 'sink-restart', durable: true });
    expect(s.steps[2]).toMatchObject({ do: 'pause', for: 2 });
  });

  it('strips escape sequences from titles and summaries, and keeps values raw', () => {
    const s = loadScenarioText(
      `id: esc\ntitle: "bad \\e[31mred"\nsummary: "two\\nlines"\nsteps:\n  - { at: 0, actor: A, do: write, value: "\\e[2J" }\n`,
      'esc.yaml',
    );
    expect(s.title).toBe('bad red');
    expect(s.summary).toBe('two lines');
    expect(s.steps[0]).toMatchObject({ value: '\u001b[2J' });
  });
});

describe('malformed files are refused with the right line', () => {
  const cases: [string, string, number, RegExp][] = [
    ['unknown top-level key', `id: x\nstep:\n${OK_STEP}\nsteps:\n${OK_STEP}\n`, 2, /unknown key `step`.*did you mean `steps`/],
    ['unknown config key', `id: x\nconfig:\n  ttl: 5\n  fence: true\nsteps:\n${OK_STEP}\n`, 4, /unknown key `fence` in config/],
    ['unknown step key', `id: x\nsteps:\n${OK_STEP}\n  - { at: 1, actor: A, do: release, value: "1" }\n`, 4, /unknown key `value` in a `release` step/],
    ['field of another do', `id: x\nsteps:\n  - { at: 1, actor: A, do: acquire, delay: 2 }\n`, 3, /unknown key `delay` in a `acquire` step/],
    ['unknown do', `id: x\nsteps:\n${OK_STEP}\n  - { at: 1, actor: A, do: crash }\n`, 4, /`do` must be one of acquire, release/],
    ['missing do', `id: x\nsteps:\n${OK_STEP}\n  - { at: 1, actor: A }\n`, 4, /has no `do`/],
    ['missing value', `id: x\nsteps:\n${OK_STEP}\n  - { at: 1, actor: A, do: write }\n`, 4, /needs a `value`/],
    [
      'value not a string',
      `id: x\nsteps:\n${OK_STEP}\n  - { at: 1, actor: A, do: write, value: 100 }\n`,
      4,
      /`value` must be a string.*quote it: `value: "100"`/,
    ],
    ['"null" value', `id: x\nsteps:\n${OK_STEP}\n  - { at: 1, actor: A, do: write, value: "null" }\n`, 4, /may not be the string "null"/],
    ['"null" initial', `id: x\nconfig:\n  initial: "null"\nsteps:\n${OK_STEP}\n`, 3, /`initial` may not be the string "null"/],
    ['initial not a string', `id: x\nconfig:\n  initial: 7\nsteps:\n${OK_STEP}\n`, 3, /`initial` must be a string/],
    ['negative at', `id: x\nsteps:\n${OK_STEP}\n  - { at: -1, actor: A, do: release }\n`, 4, /`at` must be an integer >= 0, not -1/],
    ['non-integer at', `id: x\nsteps:\n${OK_STEP}\n\n  - { at: 1.5, actor: A, do: release }\n`, 5, /`at` must be an integer >= 0/],
    ['string at', `id: x\nsteps:\n  - { at: "3", actor: A, do: release }\n`, 3, /`at` must be an integer >= 0, not the string "3"/],
    ['missing at', `id: x\nsteps:\n  - { actor: A, do: release }\n`, 3, /has no `at`/],
    ['missing actor', `id: x\nsteps:\n  - { at: 0, do: release }\n`, 3, /has no `actor`/],
    ['bad actor name', `id: x\nsteps:\n  - { at: 0, actor: "1A", do: release }\n`, 3, /`actor` must be a name/],
    [
      'reserved actor misused',
      `id: x\nsteps:\n${OK_STEP}\n  - { at: 1, actor: sink, do: write, value: "x" }\n`,
      4,
      /reserved actor `sink` can only `sink-restart`/,
    ],
    ['coordinator acquiring', `id: x\nsteps:\n  - { at: 1, actor: coordinator, do: acquire }\n`, 3, /reserved actor `coordinator` can only `failover`/],
    ['failover by non-coordinator', `id: x\nsteps:\n${OK_STEP}\n  - { at: 1, actor: A, do: failover }\n`, 4, /only the coordinator fails over/],
    ['sink-restart by a worker', `id: x\nsteps:\n  - { at: 1, actor: B, do: sink-restart }\n`, 3, /only the sink restarts/],
    ['ttl < 2', `id: x\nconfig:\n  ttl: 1\nsteps:\n${OK_STEP}\n`, 3, /`ttl` must be an integer >= 2, not 1, below 2/],
    ['splitGap < 1', `id: x\nconfig:\n  splitGap: 0\nsteps:\n${OK_STEP}\n`, 3, /`splitGap` must be an integer >= 1/],
    ['bad minting', `id: x\nconfig:\n  minting: durabel\nsteps:\n${OK_STEP}\n`, 3, /`minting` must be one of durable, volatile/],
    ['bad check', `id: x\nconfig:\n  check: both\nsteps:\n${OK_STEP}\n`, 3, /`check` must be one of atomic, split/],
    ['non-boolean fencing', `id: x\nconfig:\n  fencing: "yes"\nsteps:\n${OK_STEP}\n`, 3, /`fencing` must be true or false/],
    ['non-boolean keepalive', `id: x\nconfig:\n  keepalive: 1\nsteps:\n${OK_STEP}\n`, 3, /`keepalive` must be true or false/],
    ['non-boolean wait', `id: x\nsteps:\n  - { at: 0, actor: A, do: acquire, wait: no-thanks }\n`, 3, /`wait` must be true or false/],
    ['non-boolean durable', `id: x\nsteps:\n  - { at: 0, actor: sink, do: sink-restart, durable: 0 }\n`, 3, /`durable` must be true or false/],
    ['pause for 0', `id: x\nsteps:\n  - { at: 0, actor: A, do: pause, for: 0 }\n`, 3, /`for` must be an integer >= 1/],
    ['negative delay', `id: x\nsteps:\n  - { at: 0, actor: A, do: write, value: "v", delay: -2 }\n`, 3, /`delay` must be an integer >= 0/],
    ['bad id', `id: Late_Write\nsteps:\n${OK_STEP}\n`, 1, /`id` must be kebab-case/],
    ['missing id', `title: t\nsteps:\n${OK_STEP}\n`, 1, /has no `id`/],
    ['missing steps', `id: x\ntitle: t\n`, 1, /has no `steps`/],
    ['empty steps', `id: x\nsteps: []\n`, 2, /`steps` must be a non-empty list/],
    ['step not a mapping', `id: x\nsteps:\n${OK_STEP}\n  - acquire\n`, 4, /step 2 must be a mapping/],
    ['title not a string', `id: x\ntitle:\n  - a\nsteps:\n${OK_STEP}\n`, 3, /`title` must be a string/],
    ['config not a mapping', `id: x\nconfig: 5\nsteps:\n${OK_STEP}\n`, 2, /`config` must be a mapping/],
    ['wrong kind', `id: x\nkind: lesson\nsteps:\n${OK_STEP}\n`, 2, /`kind` must be `scenario`/],
    ['YAML syntax error', `id: x\ntitle: a: b\nsteps:\n${OK_STEP}\n`, 2, /YAML syntax error/],
    ['unclosed flow mapping', `id: x\nsteps:\n  - { at: 0, actor: A, do: acquire\n`, 4, /YAML syntax error/],
    ['duplicate key', `id: x\nid: y\nsteps:\n${OK_STEP}\n`, 2, /YAML syntax error/],
  ];

  it.each(cases)('%s', (_name, text, line, message) => {
    const found = problems(text);
    const match = found.find((p) => message.test(p.message + ' Fix: ' + p.fix));
    expect(match, JSON.stringify(found)).toBeDefined();
    expect(match!.line).toBe(line);
    expect(match!.file).toBe('bad.yaml');
    expect(match!.fix.length).toBeGreaterThan(0);
  });

  it('reports every problem of a file at once', () => {
    const found = problems(`id: Bad\nconfig:\n  ttl: 0\nsteps:\n  - { at: -1, actor: A, do: write }\n  - { at: 2, actor: A, do: explode }\n`);
    expect(found.map((p) => p.line)).toEqual([1, 3, 5, 5, 6]);
  });

  it('refuses a file that is empty or not a mapping', () => {
    expect(problems('')[0]!.message).toMatch(/empty/);
    expect(problems('- a\n- b\n')[0]!.message).toMatch(/must be a mapping, not a list/);
  });
});

describe('loadScenarioFile', () => {
  it('names a missing file', () => {
    expect(() => loadScenarioFile('/nonexistent/s.yaml')).toThrow(/s\.yaml: no such file/);
  });

  it('names a directory', () => {
    expect(() => loadScenarioFile(tmpdir())).toThrow(/directory/);
  });

  it('reads a file and marks it local', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ft-scn-'));
    const file = join(dir, 'mine.yaml');
    writeFileSync(file, `id: mine\nsteps:\n${OK_STEP}\n`);
    const s = loadScenarioFile(file);
    expect(s.origin).toEqual({ file, local: true });
  });
});
