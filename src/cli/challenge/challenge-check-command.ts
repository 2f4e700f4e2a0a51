/** The work of `challenge ID --check FILE [--json]` (commands/challenge.ts). */
import { type FileCheck, checkRunScenario } from '../../challenges/run-file-check.js';
import { verdictText } from '../../challenges/check-run.js';
import type { Challenge } from '../../content/challenges/challenge-types.js';
import { loadScenarioText } from '../../content/scenario/scenario-loader.js';
import { readScenarioText } from '../../content/scenario/scenario-files.js';
import { sanitizeText } from '../../core/neutralise.js';
import { toolVersion } from '../../platform/package-root.js';
import { recordSolve } from './challenge-output.js';
import { EXIT } from '../../platform/exit-codes.js';
import { printJson } from '../json-output.js';

/** Checks the run in `file`; returns the exit status. Bad input throws ContentError (exit 2). */
export function runCheckCommand(challenge: Challenge, file: string, json: boolean): number {
  const text = readScenarioText(file);
  const run = loadScenarioText(text, file);
  const { check, verdict }: FileCheck = checkRunScenario(challenge, run, file, text);
  if (verdict.solved) recordSolve(challenge.id, verdict.acts);
  if (json) {
    printJson({
      schemaVersion: 1,
      version: toolVersion(),
      challenge: challenge.id,
      file,
      solved: verdict.solved,
      acts: verdict.acts,
      par: verdict.par,
      overPar: verdict.solved && verdict.acts > verdict.par,
      misses: verdict.misses,
      changes: check.diff.steps.map((c) => ({ kind: c.kind, step: stepOut(c.step) })),
      toggles: check.diff.toggles,
      ...(verdict.solved && challenge.proof !== undefined ? { proof: challenge.proof } : {}),
    });
  } else {
    const lines = [`${challenge.title}: ${verdictText(verdict)}`];
    if (verdict.solved && challenge.proof !== undefined) lines.push(`Why no ordering can do it: ${challenge.proof}`);
    else if (verdict.solved && challenge.debrief !== undefined) lines.push(challenge.debrief);
    else if (!verdict.solved && challenge.hints[0] !== undefined) lines.push(`Hint: ${challenge.hints[0]}`);
    process.stdout.write(sanitizeText(`${lines.join('\n')}\n`));
  }
  return verdict.solved ? EXIT.ok : EXIT.failed;
}

function stepOut(step: object): object {
  const { line: _line, ...rest } = step as { line?: number };
  return rest;
}
