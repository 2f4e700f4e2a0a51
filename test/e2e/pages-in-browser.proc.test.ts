/**
 * The pages the tool writes, opened in a real browser (Debian's chromium,
 * headless, over the DevTools pipe: test/helpers/chromium.ts): the class
 * report of the example class (`grade --html`) and a real lab run's
 * timeline.html and timeline.svg. What a person would see: each loads with
 * no console error and asks for nothing but itself, online and with the
 * network off; the histogram has one bar per band at the right height;
 * every flagged question is on the page; the timeline says in words that
 * A's late write was rejected. A screenshot of each is kept under the OS
 * temp dir (fence-tutor-screenshots/), its size and inked pixels checked.
 */
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExampleRoles, writeExampleClass } from '../../scripts/example-class.mjs';
import { Browser, chromiumMissing, inkedPixels } from '../helpers/chromium.js';
import { runCli as runCliSync } from '../cli/cli-run.js';
import { ensureBuilt, runCli, tempHome } from '../lab/helpers.js';

const skip = chromiumMissing();
const work = mkdtempSync(join(tmpdir(), 'ft-pages-'));
const shots = join(tmpdir(), 'fence-tutor-screenshots');
let browser: Browser;
let roles: ExampleRoles;
let scores: number[] = [];
const pages: Record<string, string> = {};

describe.skipIf(skip)('pages in a browser', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    ensureBuilt();
    mkdirSync(shots, { recursive: true });
    const exported = runCliSync(['quiz', '--quiz', 'all', '--export', 'json', '--seed', '37']);
    const made = writeExampleClass(work, JSON.parse(exported.stdout));
    roles = made.roles;
    const html = join(work, 'class.html');
    const graded = runCliSync(['grade', ...made.files, '--html', html]);
    expect(graded.status, graded.stderr).toBe(0);
    scores = JSON.parse(runCliSync(['grade', ...made.files, '--json']).stdout).groups[0].students.map((s: { score: number }) => s.score);
    pages.class = html;
    const out = join(work, 'lab');
    const lab = await runCli(['lab', '--json', '--ttl', '0.5', '--out', out], { FENCE_TUTOR_HOME: tempHome() }, 90_000);
    expect(lab.code, lab.stderr).toBe(0);
    pages.timeline = join(out, 'timeline.html');
    pages.svg = join(out, 'timeline.svg');
    browser = new Browser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('each page is under 200 kB', () => {
    for (const [name, file] of Object.entries(pages)) {
      const size = statSync(file).size;
      console.info(`${name}: ${size} bytes`);
      expect(size, name).toBeLessThan(200_000);
    }
  });

  for (const offline of [false, true]) {
    it(`each page loads with no console error and asks for nothing but itself${offline ? ', with the network off' : ''}`, async () => {
      for (const [name, file] of Object.entries(pages)) {
        const page = await browser.newPage({ offline });
        const url = pathToFileURL(file).href;
        await page.open(url);
        const text = await page.evaluate<string>('document.documentElement.textContent');
        expect(text.length, name).toBeGreaterThan(100);
        expect(page.events.errors, name).toEqual([]);
        expect(page.events.requests, name).toEqual([url]);
        await page.close();
      }
    });
  }

  it('the checks above can fail: a page that tries to load an image from the network is caught', async () => {
    const bad = join(work, 'bad.html');
    const csp = readFileSync(pages.class!, 'utf8').match(/<meta http-equiv="Content-Security-Policy"[^>]*>/)![0];
    writeFileSync(bad, `<!doctype html><html><head>${csp}</head><body><img src="https://example.invalid/x.png" alt="x"></body></html>`);
    const page = await browser.newPage({ offline: true });
    await page.open(pathToFileURL(bad).href);
    // The policy refuses the image (a console error) before any request leaves.
    expect(page.events.errors.join('\n')).toMatch(/Content Security Policy/);
    await page.close();
  });

  it('the class report: one bar per band of 10 points, heights in proportion to the students in it', async () => {
    const page = await browser.newPage();
    await page.open(pathToFileURL(pages.class!).href);
    const bars = await page.evaluate<{ band: number; count: number; height: number }[]>(
      `[...document.querySelectorAll('rect[data-band]')].map((r) => ({ band: Number(r.dataset.band), count: Number(r.dataset.count), height: r.getBoundingClientRect().height }))`,
    );
    const expected = new Array<number>(10).fill(0);
    for (const s of scores) expected[Math.min(9, Math.floor(s / 10))]! += 1;
    expect(bars.map((b) => b.band)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(bars.map((b) => b.count)).toEqual(expected);
    const most = Math.max(...expected);
    for (const b of bars) expect(Math.abs(b.height - (b.count / most) * 160), `band ${b.band}`).toBeLessThanOrEqual(1);
    const passMark = await page.evaluate<string>(`document.querySelector('figure svg').textContent`);
    expect(passMark).toContain('pass mark 70%');
    await saveScreenshot(page, 'class-report');
    await page.close();
  });

  it('the class report: every flagged question is on the page, with its prompt and option counts, visible', async () => {
    const page = await browser.newPage();
    await page.open(pathToFileURL(pages.class!).href);
    for (const id of Object.values(roles)) {
      const seen = await page.evaluate<{ text: string; height: number } | null>(
        `(() => { const s = document.querySelector('section.flagged-question[data-question="${id}"]'); return s && { text: s.innerText, height: s.getBoundingClientRect().height }; })()`,
      );
      expect(seen, id).not.toBeNull();
      expect(seen!.height, id).toBeGreaterThan(20);
      expect(seen!.text).toContain('Flagged:');
      expect(seen!.text).toMatch(/chosen by/);
    }
    await page.close();
  });

  it("the timeline page says in words that A's late write was rejected by the fenced sink", async () => {
    for (const [name, shot] of [
      ['timeline', 'lab-timeline'],
      ['svg', 'lab-timeline-svg'],
    ] as const) {
      const page = await browser.newPage({ width: 1600 });
      await page.open(pathToFileURL(pages[name]!).href);
      const lane = await page.evaluate<{ text: string; width: number }>(
        `(() => { const g = document.querySelector('g[data-lane="sink-fenced"]'); const r = g.getBoundingClientRect(); return { text: [...g.querySelectorAll('text')].map((t) => t.textContent).join(' | '), width: r.width }; })()`,
      );
      expect(lane.width, name).toBeGreaterThan(100);
      expect(lane.text, name).toMatch(/rejected \(A\) \| "A-late" · token \d+/);
      expect(lane.text, name).toMatch(/final "B-current", token \d+/);
      await saveScreenshot(page, shot);
      await page.close();
    }
  });

  async function saveScreenshot(page: { screenshot(): Promise<Buffer> }, name: string): Promise<void> {
    const png = await page.screenshot();
    const file = join(shots, `${name}.png`);
    writeFileSync(file, png);
    expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    expect(png.length, name).toBeGreaterThan(10_000);
    const { width, height, inked } = await inkedPixels(browser, png);
    expect(width, name).toBeGreaterThan(600);
    // Text, bars and rules: a blank or failed page has next to none.
    expect(inked / (width * height), name).toBeGreaterThan(0.01);
  }
});
