/**
 * The runner ⇄ service protocol (`lab-sink --role sink|coordinator`): the
 * service says `ready` (with its loopback port) or `failed` once, and ends
 * when told `exit`, when its stdin closes, or on SIGTERM.
 *
 * A sink need not speak this protocol: a learner's sink started from a shell
 * command (`--sink-cmd`, see SinkLaunch) is told its port instead and is
 * ready when it answers `GET /health`; it runs in its own process group,
 * which is what the runner signals and ends.
 */
import { Fields } from './fields.js';

export type ServiceCommand = { op: 'exit' };

export type ServiceMessage =
  | {
      ev: 'ready';
      pid: number;
      port: number;
      /** sink: a stale database lock left by a killed sink was removed. */
      recoveredLock?: boolean;
      previousOwner?: number;
      /** coordinator: its revision when it started. */
      revision?: number;
    }
  | { ev: 'failed'; message: string; name?: string };

/** How a run gets its sink: our own `lab-sink`, or a learner's command (any language). */
export type SinkLaunch =
  | { kind: 'lab-sink'; database: string }
  | {
      kind: 'shell';
      /** Run through `sh -c` in its own process group, `{port}` and `{db}` replaced first. */
      command: string;
      port: number;
      database: string;
    };

const EVENTS = ['ready', 'failed'] as const;

export function parseServiceMessage(value: unknown, role: string): ServiceMessage {
  const ev = Fields.of(value, `a message from the ${role}`).oneOf('ev', EVENTS);
  const m = Fields.of(value, `the ${role}'s "${ev}"`);
  if (ev === 'failed') {
    const name = m.optionalString('name');
    return { ev, message: m.string('message'), ...(name !== undefined ? { name } : {}) };
  }
  const previousOwner = m.optionalInteger('previousOwner', 1);
  const revision = m.optionalInteger('revision', 0);
  return {
    ev,
    pid: m.integer('pid', 1),
    port: m.integer('port', 1),
    ...(m.has('recoveredLock') ? { recoveredLock: m.boolean('recoveredLock') } : {}),
    ...(previousOwner !== undefined ? { previousOwner } : {}),
    ...(revision !== undefined ? { revision } : {}),
  };
}

export function parseServiceCommand(value: unknown): ServiceCommand {
  Fields.of(value, 'a command to the service').oneOf('op', ['exit'] as const);
  return { op: 'exit' };
}

/** A shell sink's command line with its placeholders filled in (quoted for `sh`). */
export function shellSinkCommand(launch: Extract<SinkLaunch, { kind: 'shell' }>): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return launch.command.replaceAll('{port}', String(launch.port)).replaceAll('{db}', quote(launch.database));
}
