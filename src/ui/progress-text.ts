/**
 * Progress as plain lines, fitted to a width: the same words on the
 * Progress screen and from `fence-tutor progress`.
 */
import { clip, padEnd, wrapText } from '../render/lesson-wrap.js';
import { formatDuration, type ProgressSummary } from '../progress/summary.js';

export function progressLines(s: ProgressSummary, width: number, ascii: boolean): string[] {
  const w = Math.max(30, width);
  const done = ascii ? '+' : '✓';
  const dot = ascii ? '-' : '·';
  const out: string[] = [];
  out.push(`Lessons done: ${s.lessonsDone} of ${s.lessonsTotal}    Time spent: ${formatDuration(s.timeSpentMs)}    Review due: ${s.reviewDue}`);
  if (s.continueWith) {
    out.push(`Continue: ${s.continueWith.number}. ${s.continueWith.title} (read ${s.continueWith.readPercent}%)`);
  }
  out.push('');
  out.push(...lessonRows(s, w, done, dot));
  if (s.challenges.length > 0) {
    out.push('');
    out.push(`Challenges solved: ${s.challengesSolved} of ${s.challenges.length}${s.challengesSolved === 0 ? ' (fence-tutor challenges)' : ''}`);
    for (const c of s.challenges.filter((x) => x.solved)) {
      out.push(`  ${done} ${c.title}  ${dot} ${c.fewestActs} act${c.fewestActs === 1 ? '' : 's'} (par ${c.par})`);
    }
  }
  out.push('');
  if (s.quizHistory.length === 0) {
    out.push('Quiz history: none yet (fence-tutor quiz)');
  } else {
    out.push(`Quiz history (${s.quizHistory.length}):`);
    for (const q of s.quizHistory.slice(0, 10)) {
      const when = q.finishedAt.slice(0, 16).replace('T', ' ');
      const verdict = q.passed === null ? '' : q.passed ? ' passed' : ' not passed';
      out.push(clip(`  ${when}  ${q.quiz} ${dot} ${q.mode}  ${q.score}% of ${q.questions}${verdict}${q.incomplete ? ' (left early)' : ''}`, w));
    }
  }
  out.push('', ...exerciseLines(s, done, dot));
  return out.map((l) => clip(l, w));
}

/** Smallest title column worth a table; below it every row stacks its state under its title. */
const MIN_TITLE_COLUMN = 28;

/**
 * One layout for every row, so a long title wraps at the same column on every
 * row (issue: the title column used to shrink and grow with each row's state):
 * state, self-check and time are columns as wide as their widest cell; when
 * they leave the titles too little room, every row puts them on a line of their own.
 */
function lessonRows(s: ProgressSummary, w: number, done: string, dot: string): string[] {
  const numberWidth = String(s.lessonsTotal).length + 2;
  const cells = s.lessons.map((l) => [
    l.completed ? `${done} done` : l.opened ? `read ${l.readPercent}%` : 'not started',
    l.selfCheck.total > 0 ? `self-check ${l.selfCheck.answered}/${l.selfCheck.total}${l.selfCheck.answered > 0 ? ` (${l.selfCheck.correct} right)` : ''}` : '',
    l.timeSpentMs > 0 ? formatDuration(l.timeSpentMs) : '',
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(0, ...cells.map((c) => c[i]!.length)));
  const sep = `  ${dot} `;
  const aligned = (c: string[]): string =>
    c
      .map((cell, i) => (widths[i] === 0 ? '' : `${i === 0 ? '' : cell === '' ? ' '.repeat(sep.length) : sep}${cell.padEnd(widths[i]!)}`))
      .join('')
      .trimEnd();
  const rightWidth = Math.max(0, ...cells.map((c) => aligned(c).length));
  const titleWidth = w - numberWidth - 2 - rightWidth;
  const table = titleWidth >= MIN_TITLE_COLUMN;
  const out: string[] = [];
  s.lessons.forEach((l, i) => {
    const pieces = wrapText(`${l.title}${l.local ? ' (local)' : ''}`, table ? titleWidth : w - numberWidth);
    const indent = ' '.repeat(numberWidth);
    if (table) {
      // A long title wraps under itself, at a word: never cut mid-word.
      out.push(`${padEnd(`${l.number}.`, numberWidth)}${padEnd(pieces[0] ?? '', titleWidth)}  ${aligned(cells[i]!)}`.trimEnd());
      for (const piece of pieces.slice(1)) out.push(`${indent}${piece}`);
    } else {
      out.push(`${padEnd(`${l.number}.`, numberWidth)}${pieces[0] ?? ''}`);
      for (const piece of pieces.slice(1)) out.push(`${indent}${piece}`);
      const state = cells[i]!.filter((x) => x !== '').join(sep);
      for (const piece of wrapText(state, w - numberWidth)) out.push(`${indent}${piece}`);
    }
  });
  return out;
}

function exerciseLines(s: ProgressSummary, done: string, dot: string): string[] {
  if (s.exercises.length === 0) return [];
  const passed = s.exercises.filter((e) => e.status === 'passed').length;
  const out = [`Exercises: ${passed} of ${s.exercises.length} passed (fence-tutor exercises)`];
  for (const e of s.exercises) {
    const state = e.status === 'passed' ? `${done} passed` : e.status === 'started' ? 'started' : 'new';
    out.push(`  ${e.title} ${dot} ${state}`);
  }
  return out;
}
