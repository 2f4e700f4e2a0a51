/**
 * Every command, in the order `--help` lists them. Each file defines its
 * options and imports its heavy work lazily inside the action.
 */
import type { Command } from 'commander';
import { register as assign } from './assign.js';
import { register as challenge } from './challenge.js';
import { register as challenges } from './challenges.js';
import { register as exercise } from './exercise.js';
import { register as exerciseClient } from './exercise-client.js';
import { register as exerciseSink } from './exercise-sink.js';
import { register as exercises } from './exercises.js';
import { register as explore } from './explore.js';
import { register as grade } from './grade.js';
import { register as lab } from './lab.js';
import { register as labSink } from './lab-sink.js';
import { register as labWorker } from './lab-worker.js';
import { register as lesson } from './lesson.js';
import { register as lessons } from './lessons.js';
import { register as progress } from './progress.js';
import { register as quiz } from './quiz.js';
import { register as scenarios } from './scenarios.js';
import { register as sim } from './sim.js';
import { register as validate } from './validate.js';

export function registerAll(program: Command): void {
  for (const register of [
    lessons,
    lesson,
    scenarios,
    sim,
    explore,
    challenges,
    challenge,
    quiz,
    progress,
    lab,
    exercises,
    exercise,
    assign,
    grade,
    validate,
    labWorker,
    labSink,
    exerciseSink,
    exerciseClient,
  ]) {
    register(program);
  }
}
