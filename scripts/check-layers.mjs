// The layer check (issue 15, CONTRIBUTING.md "Layers"): each folder under src/
// may import only the folders its row below names (and itself). `npm run lint`
// runs it after Biome; test/build/layers.test.ts proves it fails on a
// wrong-way import.
//
//   node scripts/check-layers.mjs [ROOT]     ROOT defaults to the project; exit 1 on a violation
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder -> the folders of ours it may import besides itself. */
export const LAYERS = {
  platform: [],
  core: [],
  content: ['core', 'platform'],
  render: ['core', 'content', 'platform'],
  reports: ['core', 'content', 'platform'],
  progress: ['core', 'content', 'platform', 'reports'],
  lab: ['core', 'content', 'render', 'platform'],
  exercises: ['core', 'content', 'render', 'platform'],
  challenges: ['core', 'content', 'render', 'platform'],
  store: ['core', 'content', 'render', 'reports', 'progress', 'lab', 'exercises', 'challenges', 'platform'],
  ui: ['core', 'content', 'render', 'reports', 'progress', 'lab', 'exercises', 'challenges', 'store', 'platform'],
  cli: ['core', 'content', 'render', 'reports', 'progress', 'lab', 'exercises', 'challenges', 'store', 'ui', 'platform'],
};

/**
 * Only the entry imports cli: bin/fence-tutor.js loads the build of this file
 * (dist/cli.cjs). No row above lists cli, so any other src/ folder importing
 * it is a violation.
 */
export const ENTRY = 'src/cli/main.ts';

// import ... from '...', export ... from '...', import '...', import('...')
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"\n]+)\1/gm;

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/** Every wrong-way import under ROOT/src, as { file, line, specifier, from, to, rule }. */
export function findViolations(root) {
  const src = join(root, 'src');
  const violations = [];
  for (const file of sourceFiles(src)) {
    const rel = relative(root, file).split(sep).join('/');
    const from = rel.split('/')[1];
    const allowed = LAYERS[from];
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const specifier = m[2];
      if (!specifier.startsWith('.')) continue;
      const target = relative(src, resolve(dirname(file), specifier))
        .split(sep)
        .join('/');
      if (target.startsWith('..')) continue;
      const to = target.split('/')[0];
      if (to === from || !target.includes('/')) continue;
      const line = lineOf(text, m.index);
      if (allowed === undefined) {
        violations.push({
          file: rel,
          line,
          specifier,
          from,
          to,
          rule: `src/${from} is not in the layer matrix (scripts/check-layers.mjs LAYERS): add it with what it may import`,
        });
      } else if (!allowed.includes(to)) {
        const may = allowed.length ? allowed.join(', ') : 'nothing of ours';
        violations.push({ file: rel, line, specifier, from, to, rule: `${from} may import ${may}; not ${to}` });
      }
    }
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const violations = findViolations(root);
  for (const v of violations) {
    console.error(
      `${v.file}:${v.line}: imports '${v.specifier}' (${v.to}): ${v.rule}. Move the code to a layer that may import it, or invert the dependency (CONTRIBUTING.md "Layers").`,
    );
  }
  if (violations.length > 0) {
    console.error(`check-layers: ${violations.length} wrong-way import${violations.length === 1 ? '' : 's'}`);
    process.exit(1);
  }
  console.log('check-layers: every import goes the allowed way');
}
