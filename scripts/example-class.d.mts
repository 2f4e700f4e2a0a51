// Types for scripts/example-class.mjs, for the tests that grade the example class.
export const EXAMPLE_STUDENTS: number;
export const EXAMPLE_QUESTIONS: number;
export const EXAMPLE_PASS_MARK: number;
export interface ExampleRoles {
  tooEasy: string;
  tooHard: string;
  dead: string;
  negative: string;
}
export interface ExportedQuestion {
  id: string;
  type: string;
  tags: string[];
  options: string[];
  answer: number | number[];
}
export interface ExportedQuiz {
  version: string;
  quiz: string;
  contentHash: string;
  seed: number;
  questions: ExportedQuestion[];
}
export function exampleRoles(questions: readonly ExportedQuestion[]): ExampleRoles;
export function exampleClass(exported: ExportedQuiz, seed?: number): { roles: ExampleRoles; reports: { name: string; report: Record<string, unknown> }[] };
export function writeExampleClass(dir: string, exported: ExportedQuiz, seed?: number): { roles: ExampleRoles; files: string[] };
