// The published package: packed size, and installing the tarball into an
// empty prefix as `npx` would (warm npm cache, --prefer-offline), whole
// `npm install` process, median of runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, root, timeProcess } from './lib.mjs';

/** npm settings exported by an outer `npm run` would steer the nested npm. */
function npmEnv() {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.toLowerCase().startsWith('npm_') || k.toLowerCase() === 'npm_config_cache') env[k] = v;
  }
  return env;
}

export async function bench({ runs }) {
  const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-bench-pack-'));
  try {
    // `npm pack` runs prepack: a clean build.
    execFileSync('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: root, env: npmEnv(), stdio: 'ignore' });
    const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    const packed = statSync(join(dir, tgz)).size;
    // Three installs are enough to see the order of magnitude and keep the bench short.
    const installs = Math.min(runs, 3);
    const times = [];
    for (let i = 0; i <= installs; i++) {
      const prefix = join(dir, `prefix-${i}`);
      const r = await timeProcess(['npm', 'install', '--prefix', prefix, join(dir, tgz), '--no-audit', '--no-fund', '--prefer-offline', '--silent'], {
        env: npmEnv(),
        cwd: dir,
      });
      if (r.code !== 0) throw new Error(`npm install exited ${r.code}: ${r.stderr.slice(0, 200)}`);
      if (i > 0) times.push(r.ms); // the first run warms the cache
      rmSync(prefix, { recursive: true, force: true });
    }
    return [
      { metric: 'packed size (npm pack)', value: packed / 1000, unit: 'kB', goal: '< 1,500 kB' },
      {
        metric: 'install the tarball into an empty prefix (warm cache)',
        value: median(times),
        unit: 'ms',
        goal: '< 15,000 ms',
        note: `npm install --prefix TMP ./fence-tutor-x.tgz --prefer-offline; median of ${installs} after a warm-up`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
