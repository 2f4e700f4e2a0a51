#!/usr/bin/env node
// The published entry: everything lives in the esbuild bundle under dist/.
import '../dist/main.js';
