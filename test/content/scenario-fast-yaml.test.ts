import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenarioSubset } from '../../src/content/scenario/scenario-fast-yaml.js';
import { listShippedScenarios, loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { quickScenarioText } from '../../src/content/scenario/scenario-quick.js';
import { parseYaml } from '../../src/content/shared/yaml.js';

const full = (text: string) => {
  try {
    return parseYaml(text, 'f.yaml').data;
  } catch {
    return 'YAML-ERROR';
  }
};

describe('the quick scenario reader', () => {
  const files = [...listShippedScenarios().map((s) => s.origin!.file), new URL('../fixtures/scenarios/twelve-writes.yaml', import.meta.url).pathname];

  it.each(files)('reads %s, and reads it exactly as the YAML library does', (file) => {
    const text = readFileSync(file, 'utf8');
    const parsed = parseScenarioSubset(text, file);
    expect(parsed).toBeDefined();
    expect(parsed!.data).toEqual(full(text));
    // Step lines are those of the real parser.
    const real = parseYaml(text, file);
    const steps = (real.data as { steps: unknown[] }).steps;
    steps.forEach((_, i) => {
      expect(parsed!.lineAt(['steps', i])).toBe(real.lineAt(['steps', i]));
    });
  });

  it('steps back for what it does not read exactly', () => {
    for (const text of [
      'id: x\nsteps:\n  - &a { at: 0, actor: A, do: acquire }\n',
      'id: x\nsteps:\n  - { at: 1.5, actor: A, do: acquire }\n',
      'id: x\nsteps:\n  - { at: 0, actor: A, do: write, value: "a\\"b" }\n',
      'id: x\nsteps:\n  - at: 0\n    actor: A\n',
      'id: x\ntitle: |\n  two\n  lines\nsteps:\n  - { at: 0, actor: A, do: acquire }\n',
      'id: x\nid: y\nsteps:\n  - { at: 0, actor: A, do: acquire }\n',
      'id: x\nsteps:\n\t- { at: 0, actor: A, do: acquire }\n',
      'id: x\nsteps:\n  - { at: 0, actor: A, do: acquire, at: 1 }\n',
      'id: x\nsteps:\n  - { at: 0, actor: A, do: write, value: .inf }\n',
      '# only a comment\n',
      '{"id": "x", "steps": []}',
    ]) {
      expect(parseScenarioSubset(text, 'f.yaml'), text).toBeUndefined();
    }
  });

  const word = fc.constantFrom(
    'A',
    'B',
    'acquire',
    'write',
    'late-write',
    'true',
    'false',
    'null',
    'Null',
    '~',
    'yes',
    'on',
    '0',
    '7',
    '-3',
    '01',
    '1.5',
    '0x1f',
    '.inf',
    'a b',
    "A's",
    'x: y',
    'a #b',
    'a,b',
    '[a]',
    '{a}',
    '"q"',
    "'q'",
    '"a#b"',
    "'it''s'",
    '"\\n"',
    '',
    ' ',
    'é',
    '@x',
    '*x',
    '&x',
    '!x',
    '%x',
    '|',
    '>',
    '-',
    '- x',
    '? x',
  );
  const key = fc.constantFrom('id', 'title', 'summary', 'kind', 'config', 'steps', 'at', 'actor', 'do', 'value', 'ttl', 'fencing', 'x-y', 'bad key');
  const comment = fc.constantFrom('', '  # note', ' #x', '#x', ' # "quoted"');
  const pair = fc.tuple(key, word).map(([k, v]) => `${k}: ${v}`);
  const flow = fc.array(pair, { minLength: 1, maxLength: 4 }).map((ps) => `{ ${ps.join(', ')} }`);
  const line = fc.oneof(
    fc.tuple(pair, comment).map(([p, c]) => `${p}${c}`),
    fc.tuple(key, comment).map(([k, c]) => `${k}:${c}`),
    fc.tuple(fc.constantFrom('  ', '    ', ''), pair, comment).map(([i, p, c]) => `${i}${p}${c}`),
    fc.tuple(fc.constantFrom('  - ', '- ', '    - '), flow, comment).map(([i, f, c]) => `${i}${f}${c}`),
    comment,
  );
  const doc = fc.array(line, { minLength: 1, maxLength: 10 }).map((ls) => `${ls.join('\n')}\n`);

  it('whatever it accepts, it reads as the YAML library does (random documents)', () => {
    fc.assert(
      fc.property(doc, (text) => {
        const parsed = parseScenarioSubset(text, 'f.yaml');
        if (parsed) expect(parsed.data).toEqual(full(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('quick loading gives the same scenario, or the same problems, as the full loader', async () => {
    const stepText = fc
      .tuple(
        fc.constantFrom('0', '1', '-1', '2.5', '"3"'),
        fc.constantFrom('A', 'B', 'sink', 'coordinator', '"1x"'),
        fc.constantFrom('acquire', 'release', 'write', 'pause', 'failover', 'sink-restart', 'crash'),
        fc.constantFrom('', ', value: "v"', ', value: 5', ', delay: 2', ', for: 3', ', wait: false', ', durable: false', ', extra: 1'),
      )
      .map(([at, actor, d, extra]) => `  - { at: ${at}, actor: ${actor}, do: ${d}${extra} }`);
    const fileText = fc
      .tuple(
        fc.constantFrom('id: ok', 'id: Bad', 'title: t'),
        fc.constantFrom('', 'config:\n  ttl: 1\n', 'config:\n  check: split\n'),
        fc.array(stepText, { minLength: 1, maxLength: 5 }),
      )
      .map(([id, config, steps]) => `${id}\n${config}steps:\n${steps.join('\n')}\n`);
    await fc.assert(
      fc.asyncProperty(fileText, async (text) => {
        let expected: unknown;
        try {
          expected = loadScenarioText(text, 'f.yaml');
        } catch (err) {
          expected = (err as Error).message;
        }
        let actual: unknown;
        try {
          actual = await quickScenarioText(text, 'f.yaml');
        } catch (err) {
          actual = (err as Error).message;
        }
        expect(actual).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

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
