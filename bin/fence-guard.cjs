/**
 * The tutor's guardian (issue 38): what ends the tutor's processes and
 * removes its temp folders when the tutor itself dies, however it dies
 * (SIGKILL included), before any next run. Plain CommonJS with no imports
 * of ours, so it starts in a few milliseconds, bundled or not.
 *
 *   node fence-guard.cjs watch MARKER TUTOR_PID
 *     Reads lines from stdin, a pipe whose other end only the tutor holds:
 *       dir PATH       a folder to remove when the tutor is gone
 *       learner 1|0    the learner's code runs: a stopped tutor is resumed
 *     When stdin closes (the tutor exited or was killed) it ends every
 *     process marked MARKER (below), removes the folders, and exits.
 *   node fence-guard.cjs sweep MARKER
 *     Ends every process marked MARKER now, and exits (0: none left).
 *
 * A process is marked when its environment holds FENCE_GUARD=MARKER (or
 * MARKER.anything): the tutor starts each child with it and every
 * descendant inherits it, detached (setsid, double fork) or not. A
 * descendant of a marked process is marked too, whatever its environment.
 * Linux only (/proc); elsewhere the tutor's next run reaps what is left.
 */
'use strict';
const { readdirSync, readFileSync, rmSync } = require('node:fs');

const KEY = 'FENCE_GUARD=';

function statOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

function carries(pid, marker) {
  let env;
  try {
    env = readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch {
    return false;
  }
  for (const entry of env.split('\0')) {
    if (!entry.startsWith(KEY)) continue;
    const value = entry.slice(KEY.length);
    if (value === marker || value.startsWith(`${marker}.`)) return true;
  }
  return false;
}

/** Live (not zombie) processes marked `marker`, and their descendants. */
function marked(marker) {
  const live = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const stat = statOf(pid);
    if (stat && stat.state !== 'Z' && stat.state !== 'X') live.set(pid, stat.ppid);
  }
  const found = new Set();
  for (const pid of live.keys()) if (carries(pid, marker)) found.add(pid);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of live) {
      if (!found.has(pid) && found.has(ppid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/** SIGKILL (which reaches a stopped process too) until none is left: a forking process may add one meanwhile. */
function sweep(marker) {
  for (let round = 0; round < 100; round++) {
    const pids = marked(marker);
    if (pids.length === 0) return true;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
  return marked(marker).length === 0;
}

function watch(marker, tutorPid) {
  // Our own session (the tutor spawns us detached): Ctrl-C or a hang-up in its terminal is not for us.
  for (const sig of ['SIGINT', 'SIGHUP', 'SIGTERM', 'SIGQUIT', 'SIGTSTP']) process.on(sig, () => undefined);
  const dirs = new Set();
  let learner = false;
  let buffered = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    buffered += chunk;
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.startsWith('dir ')) dirs.add(line.slice(4));
      else if (line === 'learner 1') learner = true;
      else if (line === 'learner 0') learner = false;
      nl = buffered.indexOf('\n');
    }
  });
  // A learner's code that stops the tutor (kill(ppid, SIGSTOP)) would freeze it for good: resume it.
  const resume = setInterval(() => {
    if (!learner) return;
    const stat = statOf(tutorPid);
    if (stat && stat.state === 'T') {
      try {
        process.kill(tutorPid, 'SIGCONT');
      } catch {
        // gone
      }
    }
  }, 100);
  const finish = () => {
    clearInterval(resume);
    sweep(marker);
    for (const dir of dirs) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        // nothing more to do for it
      }
    }
    process.exit(0);
  };
  process.stdin.on('end', finish);
  process.stdin.on('close', finish);
  process.stdin.on('error', finish);
}

const [mode, marker, tutorPid] = process.argv.slice(2);
if (!marker) {
  process.stderr.write('usage: fence-guard.cjs watch MARKER TUTOR_PID | sweep MARKER\n');
  process.exit(2);
}
if (mode === 'sweep') process.exit(sweep(marker) ? 0 : 1);
else if (mode === 'watch') watch(marker, Number(tutorPid));
else process.exit(2);
