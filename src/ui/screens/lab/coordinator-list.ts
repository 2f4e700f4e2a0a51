/**
 * The coordinators as the Lab screen offers them (`c` cycles through them),
 * each marked with the Debian package to install when its server is not
 * here. Found by looking for its executables on PATH and in the Debian
 * locations, never by starting a server or a JVM: the screen's first frame
 * must not wait for one.
 */
import { COORDINATORS, type CoordinatorKind, coordinatorEntry } from '../../../lab/coordinator-catalogue.js';
import { findExecutable } from '../../../lab/servers/find-executable.js';

export interface CoordinatorChoice {
  kind: CoordinatorKind;
  /** The package to install when its server is missing, else undefined. */
  needs: string | undefined;
}

export function coordinatorChoices(find: typeof findExecutable = findExecutable): CoordinatorChoice[] {
  return COORDINATORS.map((kind) => {
    const server = coordinatorEntry(kind).server;
    return { kind, needs: server && !find(server.executables) ? server.debianPackage : undefined };
  });
}

/** The next coordinator after `current`, in the catalogue's order. */
export function nextCoordinator(current: CoordinatorKind): CoordinatorKind {
  const i = COORDINATORS.indexOf(current);
  return COORDINATORS[(i + 1) % COORDINATORS.length]!;
}
