/**
 * A lesson laid out for the reader at a width, from marked's tokens (the
 * same parser as `lesson --plain`), which the caller gives: lexed at build
 * for the shipped lessons, so this file never imports marked itself (issue
 * 18; src/render/lesson-tokens.ts). Headings, wrapped paragraphs, lists,
 * tables that fit, code blocks, quotes, emphasis and glossary links as
 * styled lines, with the embedded parts (timelines, self-check) left as
 * slots the screen fills with live state. Pure: no React, no I/O.
 */
import type { Token, Tokens } from 'marked';
import type { LessonTokens } from '../../render/lesson-tokens.js';
import { renderTable } from '../../render/lesson-table.js';
import type { GlossaryTerm, Lesson, QuizBlock, ScenarioBlock } from '../../content/lesson/lesson-types.js';
import { hardWrap } from '../../render/lesson-wrap.js';
import { sanitizeLine } from '../../content/shared/sanitize.js';
import { hangStyled, plain, type Span, type StyledLine, wrapSpans } from './styled-text.js';
import { scenarioHeading } from '../../render/scenario-heading.js';
import { decodeEntities, stripTags } from '../../render/html-text.js';

export type LessonPart =
  | { kind: 'text'; lines: StyledLine[] }
  /** `captionFrom`: the index in `head` where the caption's lines start (head.length when none). */
  | { kind: 'scenario'; block: ScenarioBlock; head: StyledLine[]; captionFrom: number }
  | { kind: 'quiz'; block: QuizBlock; head: StyledLine[] };

export interface LayoutOptions {
  width: number;
  ascii: boolean;
  /** --narrate: rules are blank (rows kept), a table is read a row at a time, no glyph before a quote or a heading (a screen reader reads each out). */
  narrate?: boolean;
  glossary: readonly GlossaryTerm[];
  lessonNumber: (id: string) => number | undefined;
}

/** `tokens`: the lesson's, from builtLessonTokens or lexLesson (lesson-lex.ts). */
export function layoutLesson(lesson: Lesson, options: LayoutOptions, tokens: LessonTokens): LessonPart[] {
  return [...lessonParts(lesson, options, tokens)].map((layOut) => layOut().part);
}

/**
 * A part not yet laid out. Given `atLeast`, a markdown part stops after the
 * first blocks that make that many lines (`cut` says it stopped early); the
 * lines it has are exactly the first lines of the whole part.
 */
export type PartLayout = (atLeast?: number) => { part: LessonPart; cut: boolean };

/**
 * layoutLesson's parts in order, each laid out only when called: the
 * reader's first frame lays out what its first screen needs and the rest
 * after it (first-screen.ts, issue 18). A part's layout depends on nothing
 * after it, so a prefix is exactly the start of layoutLesson's.
 */
export function* lessonParts(lesson: Lesson, options: LayoutOptions, tokens: LessonTokens): Generator<PartLayout> {
  const l = new Layout(options);
  const whole = (part: LessonPart) => ({ part, cut: false });
  yield () => whole({ kind: 'text', lines: l.title(lesson, tokens.goals).map(clean) });
  let markdown = 0;
  for (const segment of lesson.segments) {
    if (segment.kind === 'markdown') {
      const blocks = tokens.markdown[markdown++] ?? [];
      yield (atLeast) => {
        const { lines, cut } = l.markdown(blocks, atLeast);
        return { part: { kind: 'text', lines: lines.map(clean) }, cut };
      };
    } else if (segment.kind === 'scenario') {
      yield () => {
        const { head, captionFrom } = l.scenarioHead(segment);
        return whole({ kind: 'scenario', block: segment, head: head.map(clean), captionFrom });
      };
    } else yield () => whole({ kind: 'quiz', block: segment, head: l.quizHead(segment).map(clean) });
  }
  // Only a lesson that links glossary terms gets the part (worked out when the generator gets here).
  const terms = l.terms(lesson);
  if (terms.length > 0) yield () => whole({ kind: 'text', lines: terms.map(clean) });
}

// Content is sanitised at load; each span again here, so nothing a
// callback or a future loader lets through can reach the terminal.
function clean(line: StyledLine): StyledLine {
  return line.map((s) => ({ ...s, text: sanitizeLine(s.text) }));
}

class Layout {
  constructor(private readonly o: LayoutOptions) {}

  private get width(): number {
    return Math.max(20, this.o.width);
  }

  private rule(ch: 'heavy' | 'light', n: number): string {
    if (this.o.narrate) return ' ';
    const c = ch === 'heavy' ? (this.o.ascii ? '=' : '═') : this.o.ascii ? '-' : '─';
    return c.repeat(Math.max(1, Math.min(this.width, n)));
  }

  title(lesson: Lesson, goals: readonly Token[][]): StyledLine[] {
    const heading = lesson.number > 0 ? `Lesson ${lesson.number}. ${lesson.title}` : lesson.title;
    const head = wrapSpans([{ text: heading, bold: true, role: 'accent' }], this.width);
    const out: StyledLine[] = [...head, plain(this.rule('heavy', heading.length), { role: 'muted' })];
    const pre = lesson.prerequisites.map((p) => {
      const n = this.o.lessonNumber(p);
      return n !== undefined ? `lesson ${n}` : p;
    });
    const dot = this.o.ascii ? '-' : '·';
    out.push(...wrapSpans([{ text: `${lesson.minutes} min${pre.length ? ` ${dot} before this: ${pre.join(', ')}` : ''}`, role: 'muted' }], this.width));
    if (lesson.summary) out.push([], ...wrapSpans([{ text: lesson.summary, italic: true }], this.width));
    if (lesson.goals.length > 0) {
      out.push([], ...wrapSpans([{ text: 'You will be able to:', bold: true }], this.width));
      for (const g of goals) out.push(...hangStyled(wrapSpans(this.inline(g), this.width - 2), this.bullet(), { text: '  ' }));
    }
    return out;
  }

  private bullet(): Span {
    return { text: this.o.ascii ? '- ' : '• ' };
  }

  /** The blocks' lines; with `atLeast`, only the first blocks that make that many. */
  markdown(tokens: Token[], atLeast = Number.POSITIVE_INFINITY): { lines: StyledLine[]; cut: boolean } {
    const lines: StyledLine[] = [];
    for (let i = 0; i < tokens.length; i++) {
      if (lines.length >= atLeast) return { lines, cut: true };
      const block = this.block(tokens[i] as Token, this.width);
      // As join(): a blank line between non-empty blocks.
      if (block.length === 0) continue;
      if (lines.length > 0) lines.push([]);
      lines.push(...block);
    }
    return { lines, cut: false };
  }

  private join(blocks: StyledLine[][]): StyledLine[] {
    return blocks.filter((b) => b.length > 0).flatMap((b, i) => (i === 0 ? b : [[], ...b]));
  }

  private blocks(tokens: Token[], width: number): StyledLine[][] {
    return tokens.map((t) => this.block(t, width)).filter((b) => b.length > 0);
  }

  private block(t: Token, width: number): StyledLine[] {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        const lines = wrapSpans(this.inline(h.tokens, { bold: true, ...(h.depth <= 2 ? { role: 'accent' as const } : {}) }), width);
        if (h.depth <= 2) {
          const w = Math.max(...lines.map((l) => l.reduce((n, s) => n + [...s.text].length, 0)));
          return [...lines, plain(this.rule(h.depth === 1 ? 'heavy' : 'light', w), { role: 'muted' })];
        }
        return lines;
      }
      case 'paragraph':
        return wrapSpans(this.inline((t as Tokens.Paragraph).tokens), width);
      case 'text': {
        const tt = t as Tokens.Text;
        return wrapSpans(tt.tokens ? this.inline(tt.tokens) : [{ text: decodeEntities(tt.text) }], width);
      }
      case 'list':
        return this.list(t as Tokens.List, width);
      case 'table': {
        const tb = t as Tokens.Table;
        const text = (tokens: Token[]) =>
          this.inline(tokens)
            .map((s) => s.text)
            .join('');
        const header = tb.header.map((c) => text(c.tokens));
        const cells = tb.rows.map((r) => r.map((c) => text(c.tokens)));
        if (this.o.narrate) {
          // A row in words: "t: 0; What happens: A acquires the lock".
          return cells.flatMap((r) => wrapSpans([{ text: r.map((cell, i) => (header[i] ? `${header[i]}: ${cell}` : cell)).join('; ') }], width));
        }
        return renderTable({ header, rows: cells }, width, this.o.ascii).map((r) => plain(r));
      }
      case 'code': {
        const lines = (t as Tokens.Code).text.split('\n');
        return lines.flatMap((l) => hardWrap(l, width - 2).map((piece) => [{ text: '  ' }, { text: piece === '' ? ' ' : piece, role: 'accent' as const }]));
      }
      case 'blockquote': {
        const inner = this.join(this.blocks((t as Tokens.Blockquote).tokens, width - 2));
        const bar: Span = { text: this.o.narrate ? '  ' : this.o.ascii ? '> ' : '│ ', role: 'muted' };
        return inner.map((l) => [bar, ...l.map((s) => ({ ...s, italic: true }))]);
      }
      case 'hr':
        return [plain(this.rule('light', width), { role: 'muted' })];
      case 'html':
        return wrapSpans([{ text: stripTags((t as Tokens.HTML).text) }], width).filter((l) => l.length > 0);
      case 'space':
        return [];
      default: {
        const raw = (t as { text?: string }).text ?? (t as { raw?: string }).raw ?? '';
        return wrapSpans([{ text: raw }], width).filter((l) => l.length > 0);
      }
    }
  }

  private list(list: Tokens.List, width: number): StyledLine[] {
    const start = typeof list.start === 'number' ? list.start : 1;
    const markers = list.items.map((_, i) => (list.ordered ? `${start + i}. ` : this.bullet().text));
    const mw = Math.max(...markers.map((m) => m.length));
    const out: StyledLine[] = [];
    list.items.forEach((item, i) => {
      if (i > 0 && list.loose) out.push([]);
      const inner = this.join(this.blocks(item.tokens, width - mw));
      out.push(...hangStyled(inner.length > 0 ? inner : [[]], { text: (markers[i] ?? '').padEnd(mw) }, { text: ' '.repeat(mw) }));
    });
    return out;
  }

  /** Inline tokens as spans; `base` is the style they inherit. */
  private inline(tokens: Token[] | undefined, base: Omit<Span, 'text'> = {}): Span[] {
    if (!tokens) return [];
    return tokens.flatMap((t) => this.inlineToken(t, base));
  }

  private inlineToken(t: Token, base: Omit<Span, 'text'>): Span[] {
    switch (t.type) {
      case 'text':
      case 'escape': {
        const tt = t as Tokens.Text;
        return tt.tokens ? this.inline(tt.tokens, base) : [{ ...base, text: decodeEntities(tt.text).replace(/\n/g, ' ') }];
      }
      case 'strong':
        return this.inline((t as Tokens.Strong).tokens, { ...base, bold: true });
      case 'em':
        return this.inline((t as Tokens.Em).tokens, { ...base, italic: true });
      case 'del':
        return this.inline((t as Tokens.Del).tokens, { ...base, strikethrough: true });
      case 'codespan':
        return [{ ...base, text: decodeEntities((t as Tokens.Codespan).text).replace(/\n/g, ' '), role: 'accent' }];
      case 'br':
        return [{ text: '\n' }];
      case 'link':
        return this.link(t as Tokens.Link, base);
      case 'image':
        return [{ ...base, text: `[image: ${(t as Tokens.Image).text}]` }];
      case 'html':
        return [{ ...base, text: stripTags((t as Tokens.HTML).text) }];
      default:
        return [{ ...base, text: decodeEntities((t as { text?: string }).text ?? (t as { raw?: string }).raw ?? '') }];
    }
  }

  private link(l: Tokens.Link, base: Omit<Span, 'text'>): Span[] {
    const inner = this.inline(l.tokens, base);
    const href = l.href;
    // A glossary term is underlined; its definition is at the end of the lesson.
    if (href.startsWith('glossary:')) return inner.map((s) => ({ ...s, underline: true }));
    if (href.startsWith('lesson:')) {
      const n = this.o.lessonNumber(href.slice('lesson:'.length));
      const text = inner.map((s) => s.text).join('');
      const suffix = n !== undefined && !new RegExp(`\\blesson ${n}\\b`, 'i').test(text) ? [{ ...base, text: ` (lesson ${n})`, role: 'muted' as const }] : [];
      return [...inner.map((s) => ({ ...s, underline: true })), ...suffix];
    }
    const text = inner.map((s) => s.text).join('');
    return text === href || href === '' ? inner : [...inner, { ...base, text: ` <${href}>`, role: 'muted' }];
  }

  scenarioHead(block: ScenarioBlock): { head: StyledLine[]; captionFrom: number } {
    const head = wrapSpans([{ text: scenarioHeading(block, this.o.ascii, this.o.narrate), bold: true }], this.width);
    const captionFrom = head.length;
    if (block.caption) head.push(...wrapSpans([{ text: block.caption, italic: true }], this.width));
    return { head, captionFrom };
  }

  quizHead(block: QuizBlock): StyledLine[] {
    return wrapSpans(
      [{ text: `${this.o.narrate ? '' : this.o.ascii ? '? ' : '✎ '}${block.caption ?? 'Check yourself'}`, bold: true, role: 'accent' }],
      this.width,
    );
  }

  terms(lesson: Lesson): StyledLine[] {
    const ids = [...new Set(lesson.links.filter((l) => l.scheme === 'glossary').map((l) => l.target))];
    const terms = ids.map((id) => this.o.glossary.find((t) => t.id === id)).filter((t): t is GlossaryTerm => Boolean(t));
    if (terms.length === 0) return [];
    const out: StyledLine[] = [...wrapSpans([{ text: 'Terms used in this lesson', bold: true }], this.width), plain(this.rule('light', 25), { role: 'muted' })];
    for (const t of terms) {
      out.push(...hangStyled(wrapSpans([{ text: t.term, underline: true }, { text: `: ${t.definition}` }], this.width - 2), this.bullet(), { text: '  ' }));
    }
    return out;
  }
}
