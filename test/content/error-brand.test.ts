/**
 * The built entry (CommonJS) and the lazily loaded ESM parts each hold a copy
 * of the error classes; an error thrown by one copy must still be recognised
 * by the other (the CLI's exit 2 depends on it).
 */
import { describe, expect, it, vi } from 'vitest';

describe('error classes across copies of their module', () => {
  it('ContentError and UsageError from a second copy pass instanceof against the first', async () => {
    const first = { problems: await import('../../src/content/shared/problems.js'), errors: await import('../../src/platform/errors.js') };
    vi.resetModules();
    const second = { problems: await import('../../src/content/shared/problems.js'), errors: await import('../../src/platform/errors.js') };
    expect(second.problems.ContentError).not.toBe(first.problems.ContentError);
    expect(second.errors.UsageError).not.toBe(first.errors.UsageError);

    const content = new second.problems.ContentError([{ file: 'f.yaml', line: 3, message: 'bad', fix: 'good' }]);
    expect(content instanceof first.problems.ContentError).toBe(true);
    expect(content instanceof first.errors.UsageError).toBe(false);
    expect(new second.errors.UsageError('x') instanceof first.errors.UsageError).toBe(true);
    expect(new second.errors.UsageError('x') instanceof first.problems.ContentError).toBe(false);
    // Plain errors, and look-alikes without the brand, are not taken for them.
    expect(new Error('x') instanceof first.problems.ContentError).toBe(false);
    expect(Object.assign(new Error('x'), { name: 'ContentError', problems: [] }) instanceof first.problems.ContentError).toBe(false);
    expect((null as unknown as object) instanceof first.errors.UsageError).toBe(false);
  });
});
