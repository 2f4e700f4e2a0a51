#!/usr/bin/env node
// The published entry: everything lives in the bundle under dist/. CommonJS
// (bin/package.json), like dist/cli.cjs, so Node starts without its ESM loader.
require('../dist/cli.cjs');
