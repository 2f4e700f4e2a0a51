// Exports of src/ that no other file of src/ imports (issue 32): each is
// used by tests alone, or by nothing. Each one kept has a line with its
// reason in scripts/test-only-exports.allow (`file: name | reason`).
// test/build/test-only-exports.test.ts fails on an export not listed there,
// a line without a reason, and a line whose export is no longer test-only.
// Read as syntax only (no type check): a named import, a re-export, or, for
// a namespace or dynamic import, the name read anywhere in the importing
// file, counts as a use.
//
//   node scripts/test-only-exports.mjs      prints what the allow-list lacks or has stale, exit 1 if anything
//   node scripts/test-only-exports.mjs --all   prints every test-only export
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The src file a relative specifier names ('./x.js' -> x.ts or x.tsx), or undefined. */
function resolveSpecifier(from, spec, known) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => known.has(f));
}

const hasExport = (node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Each file's own export names, and what it takes from other files. */
function readFile(file, known) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const exports = new Set();
  const uses = []; // { target, name } with name '*' for "every name read in this file"
  const identifiers = new Set();
  const visit = (node) => {
    if (ts.isIdentifier(node)) identifiers.add(node.text);
    if (ts.isPropertyAccessExpression(node)) identifiers.add(node.name.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const target = resolveSpecifier(file, node.arguments[0].text, known);
      if (target) uses.push({ target, name: '*' });
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const target = resolveSpecifier(file, node.argument.literal.text, known);
      if (target) uses.push({ target, name: node.qualifier ? node.qualifier.getText() : '*' });
    }
    ts.forEachChild(node, visit);
  };
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = resolveSpecifier(file, st.moduleSpecifier.text, known);
      const clause = st.importClause;
      if (!target || !clause) continue;
      if (clause.name) uses.push({ target, name: 'default' });
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) uses.push({ target, name: '*' });
      if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) uses.push({ target, name: (el.propertyName ?? el.name).text });
    } else if (ts.isExportDeclaration(st)) {
      const target = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? resolveSpecifier(file, st.moduleSpecifier.text, known) : undefined;
      if (!st.exportClause) {
        if (target) uses.push({ target, name: '**' });
      } else if (ts.isNamedExports(st.exportClause)) {
        for (const el of st.exportClause.elements) {
          if (!st.isTypeOnly && !el.isTypeOnly) exports.add(el.name.text);
          if (target) uses.push({ target, name: (el.propertyName ?? el.name).text });
        }
      }
    } else if (hasExport(st)) {
      if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) continue; // a type: part of a signature, gone at run time
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) exports.add(d.name.text);
      } else if (st.name && ts.isIdentifier(st.name)) {
        const isDefault = (ts.getModifiers(st) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        exports.add(isDefault ? 'default' : st.name.text);
      }
    } else if (ts.isExportAssignment(st)) exports.add('default');
  }
  visit(sf);
  return { exports, uses, identifiers };
}

/**
 * Exports reached other than by an import of src/, which this reading cannot
 * see: bin/fence-tutor.js calls the built entry's run(), scripts/build.mjs
 * calls what it bundles from fast-outputs-make.ts, and run-app.tsx is loaded
 * through load-app.ts, whose callers take runApp from the module it returns.
 */
const USED_FROM_OUTSIDE = {
  'src/cli/main.ts': ['run'],
  'src/cli/fast-outputs-make.ts': ['makeBuiltFiles', 'writeBuiltFiles'],
  'src/ui/run-app.tsx': ['runApp'],
};

export function testOnlyExports() {
  const files = sourceFiles(join(root, 'src'));
  const known = new Set(files);
  const read = new Map(files.map((f) => [f, readFile(f, known)]));
  const used = new Map(files.map((f) => [f, new Set()]));
  const everything = new Set();
  for (const [file, { uses, identifiers }] of read) {
    for (const { target, name } of uses) {
      if (target === file) continue;
      if (name === '**') everything.add(target);
      else if (name === '*') {
        for (const n of read.get(target).exports) if (identifiers.has(n)) used.get(target).add(n);
      } else used.get(target).add(name);
    }
  }
  const found = [];
  for (const [file, { exports }] of read) {
    if (everything.has(file)) continue;
    const rel = relative(root, file).split('\\').join('/');
    const outside = USED_FROM_OUTSIDE[rel] ?? [];
    for (const name of exports) if (!used.get(file).has(name) && !outside.includes(name)) found.push(`${rel}: ${name}`);
  }
  return found.sort();
}

export const ALLOW_FILE = join(root, 'scripts', 'test-only-exports.allow');

/**
 * The allow-list's text as Map<'file: name', reason>: a line is
 * `file: name | reason`, `#` starts a comment line, and a line without a
 * reason maps to ''.
 */
export function readAllowList(text) {
  const reasons = new Map();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const bar = line.indexOf('|');
    const key = (bar < 0 ? line : line.slice(0, bar)).trim();
    reasons.set(key, bar < 0 ? '' : line.slice(bar + 1).trim());
  }
  return reasons;
}

/** What is wrong between the test-only exports found and the allow-list: each a line naming the export and the fix. */
export function allowListProblems(found, reasons) {
  const problems = [];
  for (const key of found) {
    if (!reasons.has(key))
      problems.push(`${key}: used only by tests; test through its real caller, move it to test/, or give its reason in scripts/test-only-exports.allow`);
    else if (reasons.get(key) === '') problems.push(`${key}: listed without a reason; write why a test needs it after a '|'`);
  }
  const still = new Set(found);
  for (const key of reasons.keys())
    if (!still.has(key)) problems.push(`${key}: no longer test-only (or gone); delete its line from scripts/test-only-exports.allow`);
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = testOnlyExports();
  if (process.argv.includes('--all')) {
    for (const line of found) console.log(line);
  } else {
    const problems = allowListProblems(found, readAllowList(readFileSync(ALLOW_FILE, 'utf8')));
    for (const line of problems) console.log(line);
    process.exitCode = problems.length > 0 ? 1 : 0;
  }
}
