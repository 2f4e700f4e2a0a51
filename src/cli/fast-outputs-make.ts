/**
 * What the fast command path (fast-path.ts) prints, made at build from the
 * build's snapshot of the shipped content with the same functions the
 * commander path calls: scripts/build.mjs bundles this module on its own,
 * runs it after the main build, and writes every file it returns to
 * dist/content/. test/cli/fast-path.test.ts compares each fast command's
 * output with the real loaders' (FENCE_TUTOR_BUILT_CONTENT=0).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_CONTENT_FOLDER, builtBankFile, builtScenarioFile } from '../content/shared/built-content.js';
import { type BuiltContentFiles, makeBuiltContent } from '../render/built-content-make.js';
import { summarize } from '../content/validate/validate-summary.js';
import { packageRoot } from '../platform/package-root.js';
import { lessonInfosFrom } from '../progress/gather-from.js';
import { lessonsJsonDocument } from './commands/lessons.js';
import { scenariosJsonDocument, scenariosText } from './commands/scenarios.js';
import { challengeSummary } from './challenge/challenge-rows.js';
import { FAST_OUTPUT } from './fast-outputs.js';
import { toJson } from './json-output.js';

export interface BuiltFiles extends BuiltContentFiles {
  /** File name (in dist/content/) to text: the fast path's outputs and indexes, and each shipped bank. */
  outputs: Record<string, string>;
}

export function makeBuiltFiles(root = packageRoot()): BuiltFiles {
  const made = makeBuiltContent(root);
  const outputs: Record<string, string> = {};
  // Only a snapshot that is used at all (shipped.bin written) gets outputs.
  if (made.files) {
    const { curriculum, scenarios, validate } = made.content;
    const none = new Set<string>();
    outputs[FAST_OUTPUT.lessonsJson] = `${toJson(lessonsJsonDocument(curriculum, none))}\n`;
    outputs[FAST_OUTPUT.lessonRefs] = JSON.stringify(curriculum.lessons.map((l) => ({ id: l.id, number: l.number })));
    outputs[FAST_OUTPUT.lessonInfos] = JSON.stringify(lessonInfosFrom({ curriculum, localIds: none }));
    // What `progress` lists of the shipped challenges (the commander path maps the snapshot's the same way).
    outputs[FAST_OUTPUT.challengeInfos] = JSON.stringify((made.content.challenges ?? []).map(({ id, title, lesson, par }) => ({ id, title, lesson, par })));
    // What `challenges` lists of them, before the learner's solves are added (challenge-rows.ts).
    outputs[FAST_OUTPUT.challengeSummaries] = JSON.stringify((made.content.challenges ?? []).map(challengeSummary));
    outputs[FAST_OUTPUT.scenariosJson] = `${toJson(scenariosJsonDocument(scenarios))}\n`;
    outputs[FAST_OUTPUT.scenariosText] = scenariosText(scenarios);
    // Problems and warnings name files relative to the working directory: those runs take the commander path.
    if (validate.problems.length === 0 && validate.warnings.length === 0) outputs[FAST_OUTPUT.validate] = `${summarize(validate.counts)}\n`;
    // One file per bank: a command parses only the bank it uses.
    for (const [id, bank] of Object.entries(made.banks)) outputs[builtBankFile(id)] = JSON.stringify(bank);
    // One file per scenario: `sim --scenario ID` and the screens parse only the one they open.
    for (const scenario of scenarios) outputs[builtScenarioFile(scenario.id)] = JSON.stringify(scenario);
  }
  return { ...made, outputs };
}

/**
 * Writes what makeBuiltFiles made into `outdir`/content/, as the build does
 * for dist/ (scripts/build.mjs), and as the quick tier's fast-path test does
 * for a package root of its own (test/helpers/built-snapshot.ts).
 */
export function writeBuiltFiles(outdir: string, made: BuiltFiles): void {
  const dir = join(outdir, BUILT_CONTENT_FOLDER);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'shipped.json'), JSON.stringify(made.content));
  // No shipped.bin for content that does not load whole: the snapshot then never matches.
  if (made.files) writeFileSync(join(dir, 'shipped.bin'), made.files);
  for (const [name, text] of Object.entries({ ...made.plain, ...made.outputs })) writeFileSync(join(dir, name), text);
}
