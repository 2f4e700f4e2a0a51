/**
 * Exports only tests use (issue 32): each kept one has its reason in
 * scripts/test-only-exports.allow, so a new one cannot slip in unexplained,
 * and a line outlives no export.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALLOW_FILE, allowListProblems, readAllowList, testOnlyExports } from '../../scripts/test-only-exports.mjs';

const allow = readAllowList(readFileSync(ALLOW_FILE, 'utf8'));

describe('test-only exports', () => {
  it('each export of src/ only tests use has its reason, and no line is stale', () => {
    expect(allowListProblems(testOnlyExports(), allow)).toEqual([]);
  });

  it('names an export nobody listed, a kept line without a reason, and a stale line', () => {
    const listed = readAllowList('src/a.ts: kept | pure: a property test pins it\nsrc/a.ts: bare\nsrc/b.ts: gone | was pure\n');
    const problems = allowListProblems(['src/a.ts: kept', 'src/a.ts: bare', 'src/d.ts: fresh'], listed);
    expect(problems).toEqual([
      expect.stringMatching(/^src\/a\.ts: bare: listed without a reason/),
      expect.stringMatching(/^src\/d\.ts: fresh: used only by tests/),
      expect.stringMatching(/^src\/b\.ts: gone: no longer test-only/),
    ]);
  });
});
