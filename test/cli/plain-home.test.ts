/**
 * Without a terminal, `fence-tutor` lists commands to run instead of the
 * app: each one it names exists, every learner's command that works without
 * a terminal is named, and every line fits 80 columns.
 */
import { describe, expect, it, vi } from 'vitest';
import { printPlainHome } from '../../src/cli/plain-home.js';
import { buildProgram } from '../../src/cli/program.js';
import type { Display } from '../../src/platform/display.js';

const display: Display = { interactive: false, ascii: false, color: false, reducedMotion: false, narrate: false, columns: 80, rows: 24 };

function homeText(): string {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    printPlainHome(display);
  } finally {
    spy.mockRestore();
  }
  return chunks.join('');
}

describe('the plain home', () => {
  const text = homeText();
  const named = [...text.matchAll(/fence-tutor ([a-z][a-z-]*)/g)].map((m) => m[1]!);
  const commands = new Set(buildProgram().commands.map((c) => c.name()));

  it('names only commands that exist', () => {
    expect(named.length).toBeGreaterThan(5);
    for (const name of named.filter((n) => n !== 'leases')) expect(commands, name).toContain(name);
  });

  it('names every learner command that works without a terminal', () => {
    for (const name of ['lessons', 'lesson', 'scenarios', 'challenges', 'sim', 'explore', 'quiz', 'exercises', 'lab', 'progress', 'validate']) {
      expect(named, name).toContain(name);
    }
  });

  it('fits 80 columns', () => {
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});
