/**
 * The lab's experiments, in one table: the name the flag takes, the title and
 * one-line blurb the Lab screen lists, the `lab --help` description, whether
 * it starts its own etcd, and the system tools it needs. The flag's choices,
 * the help text, the screen's list, the tool check and the runner's table all
 * read this; a new experiment is one row here plus its file in experiments/.
 *
 * No imports: `lab --help` and the command's registration read it without
 * loading the lab.
 */

/** A system tool an experiment needs beyond Node. */
export type LabTool = 'etcd' | 'etcdctl' | 'redis-server';

export interface ExperimentEntry {
  name: string;
  title: string;
  /** One line for the Lab screen: at most 55 characters, so that it fits beside the names at 80 columns. */
  blurb: string;
  /** `lab --help`'s description, one string per line (the first next to the name). */
  help: readonly string[];
  /** Starts its own etcd (a cluster, or a member it restores): never embedded, never --etcd-endpoints. */
  ownEtcd: boolean;
  needs: readonly LabTool[];
  /** Runs on this coordinator only (it kills and restarts the server the run started): never on one the user runs. */
  onlyOn?: string;
}

export const EXPERIMENT_CATALOGUE = [
  {
    name: 'late-write',
    title: 'the late write',
    blurb: 'A is stopped; B writes; A writes late: plain vs fenced',
    help: ['A is stopped, its lease expires, B writes, A writes late', '(plain vs fenced)'],
    ownEtcd: false,
    needs: [],
  },
  {
    name: 'split',
    title: 'a check outside the transaction',
    blurb: 'the check moved out of the transaction: atomic vs split',
    help: ['the comparison moved out of the transaction (atomic vs split)'],
    ownEtcd: false,
    needs: [],
  },
  {
    name: 'early',
    title: 'the stale write that comes first',
    blurb: "A's stale write reaches the sink before B does",
    help: ["A's stale write reaches the sink before B does (fenced accepts it)"],
    ownEtcd: false,
    needs: [],
  },
  {
    name: 'restart',
    title: 'the sink restarts',
    blurb: "the sink restarts between B's write and A's late one",
    help: ["the sink is killed and restarted between B's write and A's"],
    ownEtcd: false,
    needs: [],
  },
  {
    name: 'failover',
    title: 'the etcd leader dies',
    blurb: "etcd's leader is killed while A is stopped (3 members)",
    help: [
      'a three-member etcd cluster loses its leader (SIGKILL) while A',
      'is stopped; B acquires through a survivor (needs etcd; starts',
      'its own cluster)',
    ],
    ownEtcd: true,
    needs: ['etcd'],
  },
  {
    name: 'restore',
    title: 'a snapshot restore',
    blurb: 'etcd restored from a snapshot: revision vs epoch tokens',
    help: ['etcd restored from a snapshot reissues a revision: revision vs', 'epoch tokens (needs etcd and etcdctl; starts its own member)'],
    ownEtcd: true,
    needs: ['etcd', 'etcdctl'],
  },
  {
    name: 'coordinator-restart',
    title: 'the lock service restarts',
    blurb: "Redis killed between A's grant and B's: no AOF vs AOF",
    help: [
      "Redis (--token incr) is killed and restarted between A's grant",
      "and B's: volatile (no persistence) vs durable (AOF, fsync always)",
      '(needs redis-server; starts its own)',
    ],
    ownEtcd: false,
    needs: ['redis-server'],
    onlyOn: 'redis',
  },
] as const satisfies readonly ExperimentEntry[];

export type ExperimentName = (typeof EXPERIMENT_CATALOGUE)[number]['name'];

export const EXPERIMENTS: readonly ExperimentName[] = EXPERIMENT_CATALOGUE.map((e) => e.name);

/** The experiments that start their own etcd (a cluster, or a member they restore): never embedded, never --etcd-endpoints. */
export const OWN_ETCD_EXPERIMENTS: readonly ExperimentName[] = EXPERIMENT_CATALOGUE.filter((e) => e.ownEtcd).map((e) => e.name);

export function experimentEntry(name: ExperimentName): ExperimentEntry {
  return EXPERIMENT_CATALOGUE.find((e) => e.name === name)!;
}

/** The "Experiments:" block of `lab --help`: each name, then its description aligned beside it. */
export function experimentsHelp(columns = 80): string {
  const width = Math.max(...EXPERIMENT_CATALOGUE.map((e) => e.name.length)) + 2;
  // The catalogue's lines are written for a narrower name column: rewrapped to fit `columns`.
  const room = columns - 2 - width;
  return EXPERIMENT_CATALOGUE.flatMap((e) => wrapWords(e.help.join(' '), room).map((line, i) => `  ${(i === 0 ? e.name : '').padEnd(width)}${line}`)).join(
    '\n',
  );
}

function wrapWords(text: string, room: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
