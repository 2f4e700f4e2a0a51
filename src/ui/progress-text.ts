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
  const numberWidth = String(s.lessonsTotal).length + 2;
  for (const l of s.lessons) {
    const state = l.completed ? `${done} done` : l.opened ? `read ${l.readPercent}%` : 'not started';
    const check =
      l.selfCheck.total > 0
        ? `self-check ${l.selfCheck.answered}/${l.selfCheck.total}${l.selfCheck.answered > 0 ? ` (${l.selfCheck.correct} right)` : ''}`
        : '';
    const time = l.timeSpentMs > 0 ? formatDuration(l.timeSpentMs) : '';
    const right = [state, check, time].filter((x) => x !== '').join(`  ${dot} `);
    const title = `${l.title}${l.local ? ' (local)' : ''}`;
    const room = w - right.length - 2;
    if (room - numberWidth >= 12) {
      // A long title wraps under itself, at a word: never cut mid-word.
      const pieces = wrapText(title, room - numberWidth);
      out.push(`${padEnd(`${l.number}.`, numberWidth)}${padEnd(pieces[0] ?? '', room - numberWidth)}  ${right}`);
      for (const piece of pieces.slice(1)) out.push(`${' '.repeat(numberWidth)}${piece}`);
    } else {
      out.push(...wrapText(`${l.number}. ${title}  ${right}`, w));
    }
  }
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
