/**
 * A ```scenario block may carry `expect:`, the claims its caption makes
 * (checked against the engine by the claim checker). The block parser must
 * accept the field without taking it for a toggle, and refuse a malformed one.
 */
import { describe, expect, it } from 'vitest';
import { parseLesson } from '../../src/content/lesson/lesson-parse.js';

const lessonWith = (block: string) => `---\nid: x\ntitle: T\ngoals: [g]\nminutes: 1\n---\n\n\`\`\`scenario\n${block}\n\`\`\`\n`;

describe('a scenario block with expect:', () => {
  it('is accepted, and its claims never become toggles', () => {
    const { lesson, problems } = parseLesson(
      lessonWith('id: amnesia\nminting: durable\nexpect:\n  - final: "A2"\n    staleAcceptances: 1\n  - with: {minting: volatile}\n    rejected: [C]'),
      'x.md',
    );
    expect(problems).toEqual([]);
    expect((lesson!.blocks[0] as { overrides: object }).overrides).toEqual({ minting: 'durable' });
  });

  it('is refused at its line when it is not a list of claims', () => {
    const { problems } = parseLesson(lessonWith('id: amnesia\nexpect: "A2"'), 'x.md');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.line).toBe(10);
    expect(problems[0]!.fix).toMatch(/write claims as in lessons\/FORMAT.md/);
  });
});
