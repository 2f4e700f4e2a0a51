/**
 * What the learner's code printed, as a report shows it: neutralised, the
 * first lines kept, and one line saying that more came, so a report never
 * passes a cut-off print for all of it.
 */
import { sanitizeText } from '../core/neutralise.js';

export const MAX_OUTPUT_LINES = 40;
export const OUTPUT_CUT_NOTE = `… more output not shown: only the first ${MAX_OUTPUT_LINES} lines are kept`;

/** Appends `text` to `output` (in place) up to MAX_OUTPUT_LINES, then the note once. */
export function captureOutput(output: string[], text: string): void {
  if (output.length > MAX_OUTPUT_LINES) return; // cut already, the note is there
  for (const line of sanitizeText(text).split('\n')) output.push(line);
  if (output.length > MAX_OUTPUT_LINES) {
    output.splice(MAX_OUTPUT_LINES);
    output.push(OUTPUT_CUT_NOTE);
  }
}
