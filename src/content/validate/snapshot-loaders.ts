/**
 * The real loaders, with the shipped side (the scenarios, questions and
 * curriculum an instructor's content may refer to) read from the build's
 * snapshot when it matches the files (built-content.ts): checking a
 * `--content DIR` then parses only DIR, not every shipped lesson, bank and
 * scenario again (issue 18: `--content DIR lessons --json` within 2x of
 * `lessons --json`). The snapshot was made by these same loaders
 * (src/render/built-content-make.ts). Never used to make the snapshot
 * itself: the build calls realLoaders.
 */
import { builtContent } from '../shared/built-content.js';
import type { ContentLoaders } from './validate.js';
import { realLoaders } from './validate-loaders.js';

export function snapshotLoaders(): ContentLoaders {
  const built = builtContent();
  if (!built) return realLoaders;
  const { questionRefs } = built;
  return {
    ...realLoaders,
    // Copies, as the loader gives: validate may keep or change them, the snapshot is shared.
    shippedScenarios: () => built.scenarios.map((s) => structuredClone(s)),
    shippedQuestions: questionRefs ? () => questionRefs : realLoaders.shippedQuestions,
    shippedCurriculum: () => built.curriculum,
  };
}
