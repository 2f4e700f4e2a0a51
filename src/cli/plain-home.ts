/** The home screen's plain rendering: what to run, for pipes and --plain. */
import type { Display } from '../platform/display.js';

export function printPlainHome(_display: Display): void {
  const lines = [
    'fence-tutor: leases, locks and fencing tokens',
    '',
    'This is not an interactive terminal, so here are the commands instead:',
    '  fence-tutor lessons                      the lessons, in order',
    '  fence-tutor lesson 1 --plain             read a lesson as text',
    '  fence-tutor scenarios                    the shipped scenarios',
    '  fence-tutor challenges                   goals to reach by acting on a run',
    '  fence-tutor sim --scenario late-write    a scenario as a text timeline',
    '  fence-tutor explore --scenario late-write --check split',
    '                                           every ordering of in-flight writes',
    '  fence-tutor quiz --export sheet --seed 7 --count 5 > sheet.json',
    '  fence-tutor quiz --seed 7 --count 5 --answers sheet.json',
    '                                           a quiz with no terminal: fill in the',
    '                                           sheet, then have it graded',
    '  (on a terminal: fence-tutor quiz, or quiz --plain for numbered prompts)',
    '  fence-tutor exercises                    write a sink or a client of your own,',
    '                                           checked on real processes',
    '  fence-tutor lab                          the real experiment on this machine',
    '  fence-tutor progress                     what you have done so far',
    '  fence-tutor validate DIR                 check lessons or quizzes you wrote',
    '  fence-tutor --help                       everything else',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
