import { describe, expect, it } from 'vitest';
import { loadShippedBank } from '../../src/content/quiz/quiz-loader.js';
import { drawQuestions } from '../../src/core/quiz/draw.js';
import { escapeGift, toGift } from '../../src/reports/gift.js';

interface GiftQuestion {
  title: string;
  text: string;
  kind: 'truefalse' | 'choice';
  truth?: boolean;
  answers: { text: string; correct: boolean; weight: number | null }[];
  generalFeedback: string;
}

function unescapeGift(s: string): string {
  return s.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
}

/** Splits on a character not preceded by a backslash escape. */
function splitUnescaped(s: string, test: (c: string) => boolean): { sep: string; text: string }[] {
  const parts: { sep: string; text: string }[] = [];
  let cur = '';
  let sep = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      cur += c + (s[i + 1] ?? '');
      i++;
    } else if (test(c)) {
      parts.push({ sep, text: cur });
      sep = c;
      cur = '';
    } else cur += c;
  }
  parts.push({ sep, text: cur });
  return parts;
}

/** A small GIFT parser: enough of the format to read our export back. */
function parseGift(text: string): GiftQuestion[] {
  const body = text
    .split('\n')
    .filter((l) => !l.startsWith('//') && !l.startsWith('$CATEGORY'))
    .join('\n');
  const out: GiftQuestion[] = [];
  const re = /::((?:\\.|[^:\\])*)::\[plain\]((?:\\.|[^{\\])*)\{((?:\\.|[^}\\])*)\}/g;
  for (const m of body.matchAll(re)) {
    const title = unescapeGift(m[1]!);
    const qtext = unescapeGift(m[2]!);
    let inner = m[3]!;
    const fb = inner.indexOf('####');
    const generalFeedback = fb === -1 ? '' : unescapeGift(inner.slice(fb + 4).trim());
    inner = fb === -1 ? inner : inner.slice(0, fb);
    if (/^\s*(TRUE|FALSE|T|F)\s*$/.test(inner)) {
      out.push({ title, text: qtext, kind: 'truefalse', truth: /^\s*T/.test(inner), answers: [], generalFeedback });
      continue;
    }
    const answers = splitUnescaped(inner, (c) => c === '~' || c === '=')
      .filter((p) => p.sep !== '')
      .map((p) => {
        const w = /^%(-?\d+(?:\.\d+)?)%/.exec(p.text);
        const textPart = w ? p.text.slice(w[0].length) : p.text;
        const weight = w ? Number(w[1]) : null;
        return { text: unescapeGift(textPart.trim()), correct: p.sep === '=' || (weight !== null && weight > 0), weight };
      });
    out.push({ title, text: qtext, kind: 'choice', answers, generalFeedback });
  }
  return out;
}

describe('GIFT export', () => {
  const bank = loadShippedBank();
  const seed = 3;
  const drawn = drawQuestions(bank.questions, seed);
  const gift = toGift(drawn, { quiz: bank.id, seed, contentHash: bank.contentHash, version: 't' });
  const parsed = parseGift(gift);

  it('parses back to every question, in order, with its id as the title', () => {
    expect(parsed.map((q) => q.title)).toEqual(drawn.map((q) => q.id));
  });

  it('keeps prompts, options, keys and the explanation as general feedback', () => {
    for (const [i, q] of drawn.entries()) {
      const g = parsed[i]!;
      expect(g.text.startsWith(q.prompt)).toBe(true);
      expect(g.generalFeedback).toContain(q.explanation);
      expect(g.generalFeedback).toContain(q.source);
      if (q.type === 'truefalse') {
        expect(g.kind).toBe('truefalse');
        expect(g.truth).toBe(q.answer === 0);
      } else if (q.type === 'single' || q.type === 'predict') {
        expect(g.answers.map((a) => a.text)).toEqual(q.options);
        expect(g.answers.filter((a) => a.correct).map((a) => a.text)).toEqual([q.options[q.answer as number]]);
      } else if (q.type === 'multiple') {
        const key = (q.answer as number[]).map((k) => q.options[k]);
        expect(
          g.answers
            .filter((a) => a.correct)
            .map((a) => a.text)
            .sort(),
        ).toEqual([...key].sort());
        const sum = g.answers.filter((a) => a.correct).reduce((s, a) => s + (a.weight ?? 0), 0);
        expect(sum).toBeCloseTo(100, 2);
        expect(g.answers.filter((a) => !a.correct).every((a) => a.weight === -100)).toBe(true);
      } else {
        // Ordering as single choice: exactly one sequence is right, and it is the key.
        const right = g.answers.filter((a) => a.correct);
        expect(right).toHaveLength(1);
        expect(right[0]!.text).toBe((q.answer as number[]).map((k) => q.options[k]).join(' → '));
        expect(new Set(g.answers.map((a) => a.text)).size).toBe(g.answers.length);
        expect(g.answers.length).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('escapes GIFT special characters', () => {
    expect(escapeGift('a~b=c#d{e}f:g\\h\nline')).toBe('a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h\\nline');
    const tricky = { ...drawn.find((q) => q.type === 'single')!, id: 'x', prompt: 'Is {a} = b? #1: ~yes~', options: ['=one', '~two', 'th:ree'], answer: 2 };
    const back = parseGift(toGift([tricky], { quiz: 'q', seed: 0, contentHash: 'h', version: 't' }))[0]!;
    expect(back.text).toBe(tricky.prompt);
    expect(back.answers.map((a) => a.text)).toEqual(tricky.options);
    expect(back.answers.map((a) => a.correct)).toEqual([false, false, true]);
  });
});
