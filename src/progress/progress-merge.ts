/**
 * Three-way merge of progress, for two app instances on one data directory:
 * what is on disk now, the state this instance last read or wrote (base),
 * and this instance's state (mine). Nothing either instance did is lost:
 * lessons from both, the furthest reading, the earliest completion, time
 * spent added (mine's increase since base on top of disk's), and where this
 * instance moved the reader or Continue, its choice. Pure: no I/O.
 */
import type { ChallengeProgress, ExerciseProgress, LessonProgress, ProgressState, SelfCheckAnswer } from './progress-file.js';

const earliest = (a: string, b: string) => (a <= b ? a : b);
const latest = (a: string, b: string) => (a >= b ? a : b);
const grown = (mine: number, base: number | undefined) => Math.max(0, mine - (base ?? 0));

function mergeAnswer(disk: SelfCheckAnswer, base: SelfCheckAnswer | undefined, mine: SelfCheckAnswer): SelfCheckAnswer {
  // The first try counts: whichever instance answered first.
  const first = mine.answeredAt < disk.answeredAt ? mine : disk;
  return { correct: first.correct, answeredAt: first.answeredAt, attempts: disk.attempts + grown(mine.attempts, base?.attempts) };
}

function mergeLesson(disk: LessonProgress, base: LessonProgress | undefined, mine: LessonProgress): LessonProgress {
  const moved = !base || mine.position !== base.position || mine.anchor !== base.anchor;
  const place = moved ? mine : disk;
  const selfCheck: Record<string, SelfCheckAnswer> = { ...disk.selfCheck };
  for (const [q, answer] of Object.entries(mine.selfCheck)) {
    const onDisk = disk.selfCheck[q];
    selfCheck[q] = onDisk ? mergeAnswer(onDisk, base?.selfCheck[q], answer) : answer;
  }
  const completedAt = disk.completedAt && mine.completedAt ? earliest(disk.completedAt, mine.completedAt) : (disk.completedAt ?? mine.completedAt);
  return {
    firstOpenedAt: earliest(disk.firstOpenedAt, mine.firstOpenedAt),
    lastOpenedAt: latest(disk.lastOpenedAt, mine.lastOpenedAt),
    position: place.position,
    ...(place.anchor !== undefined ? { anchor: place.anchor } : {}),
    readPercent: Math.max(disk.readPercent, mine.readPercent),
    endReached: disk.endReached || mine.endReached,
    timeSpentMs: disk.timeSpentMs + grown(mine.timeSpentMs, base?.timeSpentMs),
    ...(completedAt !== undefined ? { completedAt } : {}),
    selfCheck,
  };
}

export function mergeProgress(disk: ProgressState, base: ProgressState, mine: ProgressState): ProgressState {
  const lessons: Record<string, LessonProgress> = { ...disk.lessons };
  for (const [id, lesson] of Object.entries(mine.lessons)) {
    const onDisk = disk.lessons[id];
    lessons[id] = onDisk ? mergeLesson(onDisk, base.lessons[id], lesson) : lesson;
  }
  const lastLessonId = mine.lastLessonId !== base.lastLessonId ? mine.lastLessonId : disk.lastLessonId;
  const exercises = mergeExercises(disk.exercises, mine.exercises);
  const challenges = mergeChallenges(disk.challenges, mine.challenges);
  return {
    schemaVersion: disk.schemaVersion,
    lastLessonId,
    lessons,
    ...(exercises ? { exercises } : {}),
    ...(challenges ? { challenges } : {}),
  };
}

/** Solved in either instance stays solved: the earliest solve, the fewest acts. */
function mergeChallenges(
  disk: Record<string, ChallengeProgress> | undefined,
  mine: Record<string, ChallengeProgress> | undefined,
): Record<string, ChallengeProgress> | undefined {
  if (!disk && !mine) return undefined;
  const out: Record<string, ChallengeProgress> = { ...(disk ?? {}) };
  for (const [id, c] of Object.entries(mine ?? {})) {
    const d = out[id];
    out[id] = d ? { solvedAt: earliest(d.solvedAt, c.solvedAt), fewestActs: Math.min(d.fewestActs, c.fewestActs) } : c;
  }
  return out;
}

/** Exercises from both; the earliest start and pass, the latest check, and an answer wherever one was given. */
function mergeExercises(
  disk: Record<string, ExerciseProgress> | undefined,
  mine: Record<string, ExerciseProgress> | undefined,
): Record<string, ExerciseProgress> | undefined {
  if (!disk && !mine) return undefined;
  const out: Record<string, ExerciseProgress> = { ...disk };
  for (const [id, m] of Object.entries(mine ?? {})) {
    const d = out[id];
    if (!d) {
      out[id] = m;
      continue;
    }
    const pick = (a: string | undefined, b: string | undefined, f: (x: string, y: string) => string) => (a && b ? f(a, b) : (a ?? b));
    const lastCheckedAt = pick(d.lastCheckedAt, m.lastCheckedAt, latest);
    const passedAt = pick(d.passedAt, m.passedAt, earliest);
    const answer = m.answer ?? d.answer;
    const hintsSeen = Math.max(d.hintsSeen ?? 0, m.hintsSeen ?? 0);
    out[id] = {
      startedAt: earliest(d.startedAt, m.startedAt),
      dir: m.startedAt >= d.startedAt ? m.dir : d.dir,
      ...(lastCheckedAt ? { lastCheckedAt } : {}),
      ...(passedAt ? { passedAt } : {}),
      ...(answer !== undefined ? { answer } : {}),
      ...(hintsSeen > 0 ? { hintsSeen } : {}),
    };
  }
  return out;
}
