// Loaded with `node --require` into each fuzzed CLI run: on exit, writes the
// process's own CPU time and peak memory to FUZZ_USAGE_FILE, so the fuzzer
// measures the command itself, not node's start-up in another process.
const { writeFileSync } = require('node:fs');

const target = process.env.FUZZ_USAGE_FILE;
if (target) {
  process.on('exit', (code) => {
    const u = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ code, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKiB: u.maxRSS }));
  });
}
