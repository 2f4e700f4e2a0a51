/** `fence-tutor lessons`: the ordered list, as text and as JSON. */
import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../helpers/cli-in-process.js';

describe('fence-tutor lessons', () => {
  it('--json prints {"lessons": [...]} in manifest order with the contract fields', async () => {
    const r = await run(['lessons', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const { lessons } = JSON.parse(r.stdout);
    expect(lessons).toHaveLength(13);
    expect(lessons[0]).toMatchObject({ number: 1, id: 'stale-holder', prerequisites: [] });
    expect(lessons[10]).toMatchObject({ number: 11, id: 'the-lab' });
    expect(lessons[12]).toMatchObject({ number: 13, id: 'testing-stale-writers' });
    for (const l of lessons) {
      expect(typeof l.title).toBe('string');
      expect(Number.isInteger(l.minutes)).toBe(true);
      expect(l.goals.length).toBeGreaterThan(0);
      expect(Array.isArray(l.prerequisites)).toBe(true);
      expect(l.scenarios.length).toBeGreaterThan(0);
      expect(l.questions.length).toBeGreaterThan(0);
    }
    expect(lessons[3].questions).toContain('lease-id-not-a-token');
  });

  it('prints a numbered plain list within 80 columns when piped', async () => {
    const r = await run(['lessons']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^1\. +The stale holder is still a process/m);
    expect(r.stdout).toMatch(/^11\. +The real experiment/m);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('appends an instructor curriculum with --content, numbering on', async () => {
    const fixture = new URL('../fixtures/curriculum/good', import.meta.url).pathname;
    const r = await run(['--content', fixture, 'lessons', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const ids = JSON.parse(r.stdout).lessons.map((l: { number: number; id: string }) => `${l.number}:${l.id}`);
    expect(ids.slice(-2)).toEqual(['14:first-steps', '15:second-look']);
  });
});
