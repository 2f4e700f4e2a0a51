/**
 * A lesson as plain text at a given width, from marked's lexer: headings,
 * wrapped paragraphs, lists, tables that fit, code, quotes and links; the
 * embedded blocks are drawn by callbacks (the CLI passes the engine's
 * timeline renderer). No output line is wider than the width.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { renderTable } from './lesson-table.js';
import type { GlossaryTerm, Lesson, QuizBlock, ScenarioBlock } from '../content/lesson/lesson-types.js';
import { clipKeepingUrl, hang, hardWrap, textWidth, wrapText } from './lesson-wrap.js';
import { sanitizeLine } from '../content/shared/sanitize.js';
import { scenarioHeading } from './scenario-heading.js';
import { decodeEntities, stripTags } from './html-text.js';

/** Narrower than this, nothing reads well; output is laid out at this width. */
const MIN_WIDTH = 20;

export interface RenderOptions {
  width: number;
  ascii?: boolean;
  /**
   * --narrate (for a screen reader): no rule lines under headings or across
   * the page, no box around a table (each row is a line of "header: cell"
   * pairs), no bar before a quote; a line of box drawing is read out glyph
   * by glyph.
   */
  narrate?: boolean;
  /** Lines drawn for an embedded scenario (e.g. its timeline), at most `width` wide. */
  renderScenario?: (block: ScenarioBlock, width: number) => string[];
  /** A question's prompt by id, to list the self-check questions. */
  questionPrompt?: (id: string) => string | undefined;
  /** The command that asks this lesson's own questions (its quiz bank), named under its self-check. */
  quizCommand?: string;
  /** Other lessons, to show "lesson N" for `lesson:ID` links. */
  lessonNumber?: (id: string) => number | undefined;
  glossary?: readonly GlossaryTerm[];
}

export function scenarioCommand(block: ScenarioBlock): string {
  const o = block.overrides;
  const parts = ['fence-tutor sim', `--scenario ${block.scenarioId}`];
  if (o.fencing !== undefined) parts.push(`--fencing ${o.fencing ? 'on' : 'off'}`);
  if (o.minting !== undefined) parts.push(`--minting ${o.minting}`);
  if (o.check !== undefined) parts.push(`--check ${o.check}`);
  return parts.join(' ');
}

export function renderLessonPlain(lesson: Lesson, options: RenderOptions): string {
  const width = Math.max(MIN_WIDTH, Math.floor(options.width));
  const r = new PlainRenderer(options, width);
  const blocks: string[][] = [];
  blocks.push(r.title(lesson));
  for (const segment of lesson.segments) {
    if (segment.kind === 'markdown') blocks.push(...r.markdown(segment.text, width));
    else if (segment.kind === 'scenario') blocks.push(r.scenario(segment));
    else blocks.push(r.quiz(segment));
  }
  const terms = r.usedTerms(lesson);
  if (terms.length > 0) blocks.push(terms);
  const lines = blocks.filter((b) => b.length > 0).flatMap((b, i) => (i === 0 ? b : ['', ...b]));
  // Belt and braces: content is sanitised at load, callbacks may not be.
  return `${lines.map((l) => clipKeepingUrl(sanitizeLine(l).trimEnd(), width)).join('\n')}\n`;
}

class PlainRenderer {
  constructor(
    private readonly options: RenderOptions,
    private readonly width: number,
  ) {}

  private get ascii(): boolean {
    return Boolean(this.options.ascii);
  }

  private get narrate(): boolean {
    return Boolean(this.options.narrate);
  }

  /** A rule of `ch` under `lines`, or none under --narrate. */
  private underline(lines: string[], ch: string, width: number): string[] {
    return this.narrate ? [] : [ch.repeat(Math.min(width, Math.max(...lines.map(textWidth))))];
  }

  title(lesson: Lesson): string[] {
    const heading = lesson.number > 0 ? `Lesson ${lesson.number}. ${lesson.title}` : lesson.title;
    const lines = wrapText(heading, this.width);
    const rule = this.underline(lines, this.ascii ? '=' : '═', this.width);
    const meta = `${lesson.minutes} min`;
    const pre = lesson.prerequisites.length > 0 ? ` · before this: ${lesson.prerequisites.map((p) => this.lessonRef(p)).join(', ')}` : '';
    const out = [...lines, ...rule, ...wrapText(`${meta}${pre}`.replace(/·/g, this.ascii ? '-' : '·'), this.width)];
    if (lesson.summary) out.push('', ...wrapText(lesson.summary, this.width));
    out.push('', 'You will be able to:');
    for (const g of lesson.goals) {
      out.push(...hang(wrapText(this.inline(Lexer.lexInline(g)), this.width - 2), this.bullet(), '  '));
    }
    return out;
  }

  private bullet(): string {
    return this.ascii ? '- ' : '• ';
  }

  private lessonRef(id: string): string {
    const n = this.options.lessonNumber?.(id);
    return n !== undefined ? `lesson ${n} (${id})` : id;
  }

  /** Markdown text → blocks of lines, each at most `width` wide. */
  markdown(text: string, width: number): string[][] {
    return this.blockTokens(new Lexer().lex(text), width);
  }

  private blockTokens(tokens: Token[], width: number): string[][] {
    const out: string[][] = [];
    for (const t of tokens) {
      const lines = this.block(t, width);
      if (lines.length > 0) out.push(lines);
    }
    return out;
  }

  private block(t: Token, width: number): string[] {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        const lines = wrapText(this.inline(h.tokens), width);
        if (h.depth <= 2) {
          const ch = h.depth === 1 ? (this.ascii ? '=' : '═') : this.ascii ? '-' : '─';
          return [...lines, ...this.underline(lines, ch, width)];
        }
        return lines;
      }
      case 'paragraph':
        return wrapText(this.inline((t as Tokens.Paragraph).tokens), width);
      case 'text': {
        const tt = t as Tokens.Text;
        return wrapText(tt.tokens ? this.inline(tt.tokens) : decodeEntities(tt.text), width);
      }
      case 'list':
        return this.list(t as Tokens.List, width);
      case 'table':
        return this.table(t as Tokens.Table, width);
      case 'code': {
        const code = (t as Tokens.Code).text.split('\n');
        return code.flatMap((l) => hang(hardWrap(l, width - 2), '  ', '  '));
      }
      case 'blockquote': {
        const inner = this.join(this.blockTokens((t as Tokens.Blockquote).tokens, width - 2));
        const bar = this.narrate ? '  ' : this.ascii ? '> ' : '│ ';
        return inner.map((l) => bar + l);
      }
      case 'hr':
        return this.narrate ? [] : [(this.ascii ? '-' : '─').repeat(width)];
      case 'html':
        return wrapText(stripTags((t as Tokens.HTML).text), width).filter((l) => l !== '');
      case 'space':
        return [];
      default: {
        const raw = (t as { text?: string; raw?: string }).text ?? (t as { raw?: string }).raw ?? '';
        return wrapText(raw, width).filter((l) => l !== '');
      }
    }
  }

  private join(blocks: string[][]): string[] {
    return blocks.flatMap((b, i) => (i === 0 ? b : ['', ...b]));
  }

  private list(list: Tokens.List, width: number): string[] {
    const start = typeof list.start === 'number' ? list.start : 1;
    const markers = list.items.map((_, i) => (list.ordered ? `${start + i}. ` : this.bullet()));
    const markerWidth = Math.max(...markers.map(textWidth));
    const out: string[] = [];
    list.items.forEach((item, i) => {
      if (i > 0 && list.loose) out.push('');
      // A tight list keeps an item's parts (text, nested list) together.
      const parts = this.blockTokens(item.tokens, width - markerWidth);
      const inner = list.loose ? this.join(parts) : parts.flat();
      const marker = (markers[i] ?? '').padEnd(markerWidth);
      out.push(...hang(inner.length > 0 ? inner : [''], marker, ' '.repeat(markerWidth)));
    });
    return out;
  }

  private table(t: Tokens.Table, width: number): string[] {
    const header = t.header.map((c) => this.inline(c.tokens));
    const rows = t.rows.map((r) => r.map((c) => this.inline(c.tokens)));
    if (this.narrate) {
      // A row read as words: "t: 0; What happens: A acquires the lock".
      return rows.flatMap((r) => hang(wrapText(r.map((cell, i) => (header[i] ? `${header[i]}: ${cell}` : cell)).join('; '), width - 2), this.bullet(), '  '));
    }
    return renderTable({ header, rows }, width, this.ascii);
  }

  /** Inline tokens → one string; `\n` marks a hard break. */
  private inline(tokens: Token[] | undefined): string {
    if (!tokens) return '';
    return tokens.map((t) => this.inlineToken(t)).join('');
  }

  private inlineToken(t: Token): string {
    switch (t.type) {
      case 'text':
      case 'escape': {
        // A newline inside a paragraph is a soft break: a space.
        const tt = t as Tokens.Text;
        return tt.tokens ? this.inline(tt.tokens) : decodeEntities(tt.text).replace(/\n/g, ' ');
      }
      case 'strong':
      case 'em':
      case 'del':
        return this.inline((t as Tokens.Strong).tokens);
      case 'codespan':
        return decodeEntities((t as Tokens.Codespan).text).replace(/\n/g, ' ');
      case 'br':
        return '\n';
      case 'link':
        return this.link(t as Tokens.Link);
      case 'image':
        return `[image: ${(t as Tokens.Image).text}]`;
      case 'html':
        return stripTags((t as Tokens.HTML).text);
      default:
        return decodeEntities((t as { text?: string }).text ?? (t as { raw?: string }).raw ?? '');
    }
  }

  private link(l: Tokens.Link): string {
    const text = this.inline(l.tokens);
    const href = l.href;
    if (href.startsWith('glossary:')) return text;
    if (href.startsWith('lesson:')) {
      const n = this.options.lessonNumber?.(href.slice('lesson:'.length));
      return n !== undefined && !new RegExp(`\\blesson ${n}\\b`, 'i').test(text) ? `${text} (lesson ${n})` : text;
    }
    return text === href || href === '' ? text : `${text} <${href}>`;
  }

  scenario(block: ScenarioBlock): string[] {
    const out = wrapText(scenarioHeading(block, this.ascii, this.narrate), this.width);
    if (block.caption) out.push(...hang(wrapText(block.caption, this.width - 2), '  ', '  '));
    const drawn = this.options.renderScenario?.(block, this.width) ?? [];
    if (drawn.length > 0) out.push('', ...drawn, '');
    out.push(...hang(wrapText(`Run it: ${scenarioCommand(block)}`, this.width - 4), '  ', '    '));
    return out;
  }

  quiz(block: QuizBlock): string[] {
    const mark = this.narrate ? '' : this.ascii ? '? ' : '✎ ';
    const out = wrapText(`${mark}${block.caption ?? 'Check yourself'}`, this.width);
    block.ids.forEach((id, i) => {
      const prompt = this.options.questionPrompt?.(id);
      const marker = `${i + 1}. `;
      out.push(...hang(wrapText(prompt ? sanitizeLine(prompt) : id, this.width - 2 - marker.length), `  ${marker}`, ' '.repeat(2 + marker.length)));
    });
    const command = this.options.quizCommand ?? 'fence-tutor quiz';
    out.push(...hang(wrapText(`Answer them with: ${command}`, this.width - 4), '  ', '    '));
    return out;
  }

  /** The glossary terms this lesson links to, defined once at the end. */
  usedTerms(lesson: Lesson): string[] {
    const glossary = this.options.glossary ?? [];
    const ids = [...new Set(lesson.links.filter((l) => l.scheme === 'glossary').map((l) => l.target))];
    const terms = ids.map((id) => glossary.find((t) => t.id === id)).filter((t): t is GlossaryTerm => Boolean(t));
    if (terms.length === 0) return [];
    const heading = wrapText('Terms used in this lesson', this.width);
    const out = [...heading, ...this.underline(heading, this.ascii ? '-' : '─', this.width)];
    for (const t of terms) out.push(...hang(wrapText(`${t.term}: ${t.definition}`, this.width - 2), this.bullet(), '  '));
    return out;
  }
}
