/**
 * `grade --html FILE`: one class report page an instructor can open
 * offline, share and print. Per group: the score distribution (bands of 10
 * points, the pass mark drawn and written), the item analysis with small
 * bars, each flagged question with its prompt and option counts, and each
 * student's row. No script, nothing loaded (html-page.ts); every text from
 * a report or a bank is escaped; a mark always has words beside it.
 */
import { groupLabel } from '../core/quiz/class-grade.js';
import type { ItemStats } from '../core/quiz/item-analysis.js';
import { escapeHtml as esc, htmlPage } from '../core/html-page.js';
import { discriminationText, type StatsGroup } from './item-output.js';

const CSS = `
.bar{fill:#2f5d8a}.bar-fail{fill:#b0413e}.pass{stroke:#1b1b1b;stroke-width:2;stroke-dasharray:5 3}
.mini{display:inline-block;vertical-align:middle;margin-right:.4rem}
tr.flagged td:first-child::before{content:"\\2691 ";}
@media print{.bar,.bar-fail{fill:#555}}
`;

/** Which band of 10 points a score falls in: 0 (0-9.99) .. 9 (90-100). */
export function scoreBand(score: number): number {
  return Math.min(9, Math.max(0, Math.floor(score / 10)));
}

export function bandCounts(scores: readonly number[]): number[] {
  const counts = new Array<number>(10).fill(0);
  for (const s of scores) counts[scoreBand(s)]! += 1;
  return counts;
}

const bandLabel = (b: number) => (b === 9 ? '90-100%' : `${b * 10}-${b * 10 + 9}%`);

/** Bar heights in px for the histogram: the tallest band is HIST_HEIGHT. */
export const HIST_HEIGHT = 160;

function histogram(g: StatsGroup, index: number): string {
  const counts = bandCounts(g.stats.scores);
  const most = Math.max(1, ...counts);
  const barW = 48;
  const left = 36;
  const top = 24;
  const bottom = top + HIST_HEIGHT;
  const width = left + barW * 10 + 10;
  const pass = g.stats.passMark;
  const bars = counts
    .map((n, b) => {
      const h = Math.round((n / most) * HIST_HEIGHT);
      const x = left + b * barW + 4;
      const below = pass !== null && b * 10 + 10 <= pass;
      return `<rect class="${below ? 'bar-fail' : 'bar'}" data-band="${b}" data-count="${n}" x="${x}" y="${bottom - h}" width="${barW - 8}" height="${h}"><title>${bandLabel(b)}: ${n}</title></rect><text x="${x + (barW - 8) / 2}" y="${bottom - h - 4}" text-anchor="middle">${n}</text><text x="${x + (barW - 8) / 2}" y="${bottom + 16}" text-anchor="middle">${b * 10}</text>`;
    })
    .join('');
  const passX = pass === null ? null : left + (Math.min(100, Math.max(0, pass)) / 100) * barW * 10;
  const passMark =
    passX === null
      ? ''
      : `<line class="pass" x1="${passX}" x2="${passX}" y1="${top - 14}" y2="${bottom}"/><text x="${passX + 4}" y="${top - 4}">pass mark ${esc(pass!)}%</text>`;
  const table = `<table><caption>Students per score band${pass === null ? '' : ` (pass mark ${esc(pass)}%)`}</caption><thead><tr><th>band</th><th class="num">students</th>${
    pass === null ? '' : '<th>below the pass mark</th>'
  }</tr></thead><tbody>${counts
    .map((n, b) => `<tr><td>${bandLabel(b)}</td><td class="num">${n}</td>${pass === null ? '' : `<td>${b * 10 + 10 <= pass ? 'yes' : 'no'}</td>`}</tr>`)
    .join('')}</tbody></table>`;
  return `<figure id="histogram-${index}"><svg role="img" aria-labelledby="hist-title-${index}" width="${width}" height="${bottom + 30}" viewBox="0 0 ${width} ${bottom + 30}"><title id="hist-title-${index}">Score distribution in bands of 10 points: ${counts
    .map((n, b) => `${bandLabel(b)} ${n}`)
    .join(
      ', ',
    )}</title><line x1="${left}" x2="${width - 6}" y1="${bottom}" y2="${bottom}" stroke="#1b1b1b"/>${bars}${passMark}</svg><figcaption>Score distribution, percent in bands of 10 points; bars below the pass mark are red and listed as such in the table.</figcaption></figure>${table}`;
}

/** A small horizontal bar (0..1) beside a number: the number carries the meaning, the bar helps the eye. */
function miniBar(share: number, negative = false): string {
  const w = Math.round(Math.min(1, Math.abs(share)) * 60);
  return `<svg class="mini" width="62" height="10" aria-hidden="true"><rect x="1" y="1" width="60" height="8" fill="none" stroke="#999"/><rect class="${negative ? 'bar-fail' : 'bar'}" x="1" y="1" width="${w}" height="8"/></svg>`;
}

function itemRow(i: ItemStats): string {
  const flagged = i.flags.length > 0 || !i.reliable;
  const notes = [...(i.reliable ? [] : [`unreliable: seen by ${i.students} students`]), ...i.flags];
  return `<tr class="${flagged ? 'flagged' : ''}" data-question="${esc(i.id)}"><td>${esc(i.id)}</td><td class="num">${i.students}</td><td class="num">${miniBar(i.facility / 100)}${i.facility.toFixed(2)}%</td><td class="num">${
    i.discrimination === null ? '' : miniBar(i.discrimination, i.discrimination < 0)
  }${discriminationText(i.discrimination)}</td><td>${notes.length === 0 ? 'none' : `<span class="flag">flagged:</span> ${notes.map(esc).join('; ')}`}</td></tr>`;
}

function itemTable(g: StatsGroup): string {
  return `<table><caption>Item analysis: first attempts of ${g.stats.students} students; facility is percent right, discrimination the correlation with the rest of the test</caption><thead><tr><th>question</th><th class="num">students</th><th class="num">facility</th><th class="num">discrimination</th><th>flags</th></tr></thead><tbody>${g.stats.items
    .map(itemRow)
    .join('')}</tbody></table>`;
}

function flaggedQuestion(i: ItemStats): string {
  const seen = Math.max(1, i.students);
  const options = i.options
    ? `<table><caption>Responses to ${esc(i.id)}, in the bank's option order</caption><thead><tr><th>option</th><th>key</th><th class="num">chosen by</th></tr></thead><tbody>${i.options
        .map(
          (o) =>
            `<tr><td>${o.variant === null ? '' : `variant ${o.variant + 1}, `}${o.index + 1}. ${esc(o.text)}</td><td>${o.correct ? 'key' : ''}</td><td class="num">${miniBar(o.count / seen)}${o.count}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : `<p class="muted">${i.type === 'ordering' ? 'An ordering question: no single option to count.' : 'Options unknown (the bank was not found).'}</p>`;
  return `<section class="flagged-question" data-question="${esc(i.id)}"><h3>${esc(i.id)}</h3><p><span class="flag">Flagged:</span> ${[
    ...(i.reliable ? [] : [`unreliable: seen by ${i.students} students`]),
    ...i.flags,
  ]
    .map(esc)
    .join('; ')}</p>${i.prompt === null ? '' : `<blockquote style="white-space:pre-wrap">${esc(i.prompt)}</blockquote>`}${options}</section>`;
}

function studentTable(g: StatsGroup): string {
  return `<table><caption>Students (${g.students.length} reports)</caption><thead><tr><th>student</th><th class="num">score</th><th>passed</th><th>incomplete</th><th>flags</th></tr></thead><tbody>${g.students
    .map(
      (s) =>
        `<tr><td>${esc(s.student)}</td><td class="num">${s.score.toFixed(2)}%</td><td>${s.passed === null ? '-' : s.passed ? 'yes' : 'no'}</td><td>${
          s.incomplete ? 'yes' : 'no'
        }</td><td>${s.flags.map(esc).join('; ')}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

export function classHtml(groups: readonly StatsGroup[], version: string): string {
  const body = groups
    .map((g, index) => {
      const flagged = g.stats.items.filter((i) => i.flags.length > 0 || !i.reliable);
      return `<section class="group"><h2>Quiz ${esc(g.quiz)} <span class="muted">(${esc(groupLabel(g))})</span></h2>${histogram(g, index)}<h3>Questions</h3>${itemTable(
        g,
      )}<h3>Flagged questions (${flagged.length})</h3>${flagged.length === 0 ? '<p>None.</p>' : flagged.map(flaggedQuestion).join('')}<h3>Students</h3>${studentTable(g)}</section>`;
    })
    .join('');
  return htmlPage(
    'Class report',
    CSS,
    `<h1>Class report</h1><p class="muted">fence-tutor ${esc(version)}. Discrimination as Moodle's quiz statistics compute it (divided by 100). Flags: facility below 20% or above 95%, discrimination below 0.2, an option nobody chose, fewer than 10 students.</p>${body}`,
  );
}
