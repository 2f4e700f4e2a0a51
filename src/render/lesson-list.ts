/** The plain listing of `fence-tutor lessons`: number, title, minutes, fitted to the width. */
import type { Curriculum } from '../content/lesson/lesson-types.js';
import { clip, hang, padEnd, textWidth, wrapText } from './lesson-wrap.js';

export function lessonListText(curriculum: Curriculum, columns: number, ascii: boolean, localIds: ReadonlySet<string> = new Set()): string {
  const width = Math.max(20, columns);
  const total = curriculum.lessons.reduce((a, l) => a + l.minutes, 0);
  const numberWidth = String(curriculum.lessons.length).length + 2; // "11. "
  const out = [clip(`${curriculum.lessons.length} lessons, about ${total} minutes in all`, width), ''];
  for (const l of curriculum.lessons) {
    const num = padEnd(`${l.number}.`, numberWidth);
    const minutes = `${l.minutes} min`;
    const titleWidth = width - numberWidth - minutes.length - 2;
    const title = wrapText(`${l.title} ${ascii ? '-' : '·'} ${l.id}${localIds.has(l.id) ? ' (local)' : ''}`, Math.max(10, titleWidth));
    const [first = '', ...rest] = title;
    const gap = Math.max(1, width - numberWidth - textWidth(first) - minutes.length);
    out.push(clip(`${num}${first}${' '.repeat(gap)}${minutes}`, width));
    out.push(...hang(rest, ' '.repeat(numberWidth), ' '.repeat(numberWidth)).map((x) => clip(x, width)));
  }
  out.push('', clip('Read one with: fence-tutor lesson NUMBER --plain', width));
  return `${out.join('\n')}\n`;
}
