#!/usr/bin/env node
// The published entry: everything lives in the bundle under dist/. CommonJS
// (bin/package.json), like dist/cli.cjs, so Node starts without its ESM loader.
// Requiring the bundle runs nothing (its ESM parts require it too): run() does.
require('../dist/cli.cjs').run(process.argv);
