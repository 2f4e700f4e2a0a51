/**
 * The lab's coordinators, in one table: the name `--coordinator` takes, what
 * the Lab screen and `lab --compare` call it, what its token is, and the
 * executables and Debian package a real server needs. The flag's choices,
 * the help text, the screen's list and the install check read it; a new
 * coordinator is one row here plus its folder under src/lab/coordinator/
 * (its client in `client.ts`'s table, its server in `servers.ts`'s).
 *
 * No imports: `lab --help` and the Lab screen's first frame read it without
 * loading the lab.
 */

export interface CoordinatorEntry {
  kind: string;
  title: string;
  /** What the fenced sink is given, in a few words. */
  token: string;
  /** A real server the lab starts: the executables looked for on PATH, and the package that brings them. */
  server?: { executables: readonly string[]; debianPackage: string };
}

export const COORDINATOR_CATALOGUE = [
  { kind: 'embedded', title: 'embedded', token: "the lock key's revision in the coordinator" },
  { kind: 'etcd', title: 'etcd', token: "the lock key's create_revision", server: { executables: ['etcd'], debianPackage: 'etcd-server' } },
  {
    kind: 'redis',
    title: 'Redis',
    token: 'none: a random value (SET NX PX); with --token incr, an INCR counter',
    server: { executables: ['redis-server'], debianPackage: 'redis-server' },
  },
] as const satisfies readonly CoordinatorEntry[];

export type CoordinatorKind = (typeof COORDINATOR_CATALOGUE)[number]['kind'];

export const COORDINATORS: readonly CoordinatorKind[] = COORDINATOR_CATALOGUE.map((c) => c.kind);

export function coordinatorEntry(kind: CoordinatorKind): CoordinatorEntry {
  return COORDINATOR_CATALOGUE.find((c) => c.kind === kind)!;
}
