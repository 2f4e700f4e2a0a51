/**
 * `npm run screenshots`: the pictures in docs/instructors.md, made again
 * from the built tool: the example class's report page (`grade --html`,
 * scripts/example-class.mjs) and a real lab run's timeline.html, each
 * opened in Debian's chromium (headless) and saved under docs/images/,
 * which the published package leaves out (package.json "files"). The tests
 * never write tracked files; this script is how these change.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeExampleClass } from './example-class.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'fence-tutor.js');
const images = join(root, 'docs', 'images');
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!chromium) {
  console.error('screenshots: chromium is not installed (apt-get install chromium)');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'ft-screenshots-'));
const env = { ...process.env, FENCE_TUTOR_HOME: join(work, 'home') };
const cli = (args) => execFileSync(process.execPath, [bin, ...args], { encoding: 'utf8', env, cwd: work, stdio: ['ignore', 'pipe', 'inherit'] });

/** One PNG of `page` at `width` x `height`, by chromium's own --screenshot (a fresh profile each time). */
function shoot(page, file, width, height) {
  const profile = mkdtempSync(join(tmpdir(), 'ft-chromium-'));
  try {
    execFileSync(
      chromium,
      [
        '--headless',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${profile}`,
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
        '--hide-scrollbars',
        `--window-size=${width},${height}`,
        `--screenshot=${file}`,
        pathToFileURL(page).href,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(`wrote ${file} (${statSync(file).size} bytes) from ${page} (${statSync(page).size} bytes)`);
}

try {
  mkdirSync(images, { recursive: true });
  const { files } = writeExampleClass(work, JSON.parse(cli(['quiz', '--quiz', 'all', '--export', 'json', '--seed', '37'])));
  const classPage = join(work, 'class.html');
  cli(['grade', ...files, '--html', classPage]);
  shoot(classPage, join(images, 'class-report.png'), 1100, 1500);
  const out = join(work, 'lab');
  cli(['lab', '--ttl', '0.5', '--out', out, '--json']);
  if (!readFileSync(join(out, 'timeline.html'), 'utf8').includes('rejected')) throw new Error('the lab run shows no rejected write');
  shoot(join(out, 'timeline.html'), join(images, 'lab-timeline.png'), 1500, 1000);
} finally {
  rmSync(work, { recursive: true, force: true });
}
