/**
 * Lab runs ended before their verdict (Ctrl-C, SIGTERM, leaving the Lab
 * screen), counted so that the command can say so in one line once the app
 * has given the terminal back: a line written while Ink still draws would be
 * drawn over. A module of its own, so the app's entry can ask without
 * loading the lab.
 */
let interrupted = 0;

export const LAB_INTERRUPTED_NOTICE = 'fence-tutor: lab interrupted; every process it started has ended';

export function countInterruptedRun(): void {
  interrupted += 1;
}

export function interruptedRunCount(): number {
  return interrupted;
}
