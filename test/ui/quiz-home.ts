/**
 * A data directory of this test file's own, so what the quiz saves (reports,
 * review boxes) never shows up in another file's screens; the run's shared
 * FENCE_TUTOR_HOME comes back afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export function withOwnDataDir(): void {
  const shared = process.env.FENCE_TUTOR_HOME;
  let own = '';
  beforeAll(() => {
    own = mkdtempSync(join(tmpdir(), 'fence-tutor-quiz-ui-'));
    process.env.FENCE_TUTOR_HOME = own;
  });
  afterAll(() => {
    if (shared === undefined) delete process.env.FENCE_TUTOR_HOME;
    else process.env.FENCE_TUTOR_HOME = shared;
    rmSync(own, { recursive: true, force: true });
  });
}
