/**
 * parsePlainJson (issue 18): the data parseYaml gives for plain JSON, and
 * undefined whenever parseYaml would check something JSON.parse does not
 * (repeated keys, long strings, merge keys, __proto__); its lines are never
 * guessed: asking for one throws NeedsYamlLines.
 */
import { describe, expect, it } from 'vitest';
import { MAX_STRING_LENGTH } from '../../src/content/shared/input-limits.js';
import { NeedsYamlLines, parsePlainJson } from '../../src/content/shared/json-plain.js';
import { parseYaml } from '../../src/content/shared/yaml.js';

describe('parsePlainJson', () => {
  it.each([
    '{"answers": {"a": 0, "b": [1, 2], "c": "x\\":y", "d": null, "e": true}, "seed": 7, "student": "Ada \\u00e9 \\ud83d\\ude00"}',
    '{"answers": {}}',
    '[1, 2.5, -0, 1e3, "s"]',
    '{"a": {"b": {"c": {"d": "deep"}}}, "k:": "colon in a key", "v": "colon: in a value"}',
  ])('reads %s as parseYaml does', (text) => {
    const plain = parsePlainJson(text, 'x.json');
    expect(plain).toBeDefined();
    expect(plain!.data).toEqual(parseYaml(text, 'x.json').data);
  });

  it.each([
    ['a repeated key', '{"answers": {"a": 0, "a": 1}}'],
    ['a repeated key spelled with an escape', '{"answers": {"a": 0, "\\u0061": 1}}'],
    ['a __proto__ key', '{"__proto__": {"x": 1}, "answers": {}}'],
    ['a merge key', '{"<<": {"x": 1}, "answers": {}}'],
    ['a string over the limit', JSON.stringify({ answers: { a: 'x'.repeat(MAX_STRING_LENGTH + 1) } })],
    ['YAML that is not JSON', 'answers:\n  a: 0\n'],
    ['no text', ''],
  ])('leaves %s to parseYaml', (_name, text) => {
    expect(parsePlainJson(text, 'x.json')).toBeUndefined();
  });

  it('refuses nesting beyond the limit as parseYaml does', () => {
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    expect(() => parsePlainJson(deep, 'x.json')).toThrow(/nesting is deeper/);
    expect(() => parseYaml(deep, 'x.json')).toThrow(/nesting is deeper/);
  });

  it('never guesses a line: asking for one throws NeedsYamlLines', () => {
    const plain = parsePlainJson('{"answers": {}}', 'x.json')!;
    expect(() => plain.lineAt(['answers'])).toThrow(NeedsYamlLines);
    expect(() => plain.keyLineAt(['answers'])).toThrow(NeedsYamlLines);
  });
});
