/** The files in dist/content/ the fast command path reads (fast-path.ts), made at build by fast-outputs-make.ts; each absent when the content does not allow it. */
export const FAST_OUTPUT = {
  lessonsJson: 'out-lessons.json',
  lessonRefs: 'lesson-refs.json',
  lessonInfos: 'lesson-infos.json',
  challengeInfos: 'challenge-infos.json',
  challengeSummaries: 'challenge-summaries.json',
  scenariosJson: 'out-scenarios.json',
  scenariosText: 'out-scenarios.txt',
  validate: 'out-validate.txt',
} as const;
