/**
 * `grade --stats` and `grade --html`: the item analysis of each group, put
 * beside today's outputs (text, JSON groups, CSV files) without changing them.
 */
import type { GradeGroup, GradeInput } from '../../core/quiz/class-grade.js';
import { analyseItems } from '../../core/quiz/item-analysis.js';
import { gradeText } from '../../reports/grade-output.js';
import { itemsCsv, itemText, type StatsGroup } from '../../reports/item-output.js';
import { writeUserFileAtomic } from '../../platform/atomic-file.js';
import { join } from 'node:path';
import { toolVersion } from '../../platform/package-root.js';

/** Each group with its item analysis, from the same reports gradeClass grouped. */
export function withItemStats(groups: readonly GradeGroup[], inputs: readonly GradeInput[]): StatsGroup[] {
  return groups.map((g) => ({
    ...g,
    stats: analyseItems(inputs.filter((i) => i.report.quiz === g.quiz && i.report.contentHash === g.contentHash)),
  }));
}

/** Today's text for each group, its item analysis under it. */
export function statsText(groups: readonly StatsGroup[], ascii: boolean): string {
  return groups.map((g) => [gradeText([g], ascii).trimEnd(), ...itemText(g.stats, ascii)].join('\n')).join('\n\n');
}

export function writeItemsCsv(dir: string, groups: readonly StatsGroup[]): string {
  const path = join(dir, 'items.csv');
  writeUserFileAtomic(path, itemsCsv(groups), 'the CSV file', '--csv');
  return path;
}

/** `--html FILE`: the class report page, written atomically; returns the path. */
export async function writeClassHtml(file: string, groups: readonly StatsGroup[]): Promise<string> {
  const { classHtml } = await import('../../reports/class-html.js');
  writeUserFileAtomic(file, classHtml(groups, toolVersion()), 'the HTML report', '--html');
  return file;
}
