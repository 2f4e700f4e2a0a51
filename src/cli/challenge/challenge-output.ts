/** Plain text of `challenge ID`, and the progress a solve records (the `challenges` list is in challenge-rows.ts). */
import { allowedLine, goalLine } from '../../challenges/goal-text.js';
import type { Challenge } from '../../content/challenges/challenge-types.js';
import { wrapText } from '../../render/lesson-wrap.js';
import { sanitizeText } from '../../core/neutralise.js';
import { loadProgress, saveProgressMerged } from '../../progress/progress-file.js';
import { recordChallengeSolved } from '../../progress/progress-model.js';
import type { Display } from '../../platform/display.js';

export function challengeStatementText(c: Challenge, display: Pick<Display, 'columns'>): string {
  const width = Math.max(40, Math.min(display.columns, 100));
  const wrap = (text: string) => wrapText(text, width).join('\n');
  const out = [
    `${c.title}${c.proof !== undefined ? ' (a proof challenge)' : ''}`,
    `Lesson: ${c.lesson}    Par: ${c.par} act${c.par === 1 ? '' : 's'}`,
    '',
    wrap(c.task),
    wrap(goalLine(c.goal)),
    wrap(allowedLine(c.allow)),
    '',
    wrap(
      `Starting run: ${c.scenarioRef ?? 'its own scenario'} (${c.start.steps.length} steps). Act on it in the app (fence-tutor challenge ${c.id} on a terminal): the verdict comes after every act, a solve is kept, and w saves the run for --check.`,
    ),
    wrap(`Or check a run from a file: ${fileRoute(c)}, then: fence-tutor challenge ${c.id} --check FILE`),
    `Hints: ${c.hints.length} (shown one at a time in the app).`,
  ];
  return sanitizeText(`${out.join('\n')}\n`);
}

/**
 * Where else a run to check comes from (the challenge screen saves with w
 * too): the simulator's sandbox saves (w), and it opens a shipped scenario by name.
 */
function fileRoute(c: Challenge): string {
  return c.scenarioRef !== undefined
    ? `act on it in the simulator (fence-tutor sim --scenario ${c.scenarioRef} on a terminal) and save it there with w`
    : `write the run as a scenario file (start from the steps in ${c.file}, which are in the scenario format)`;
}

/** Records a solve in the progress file (merged with what another instance saved). */
export function recordSolve(id: string, acts: number): void {
  const base = loadProgress();
  saveProgressMerged(base, recordChallengeSolved(base, id, acts, new Date()));
}
