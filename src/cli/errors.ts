/** Exit statuses of conventions.md, "Exit status". */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  interrupted: 130,
  terminated: 143,
} as const;

/** Bad input or usage: the CLI prints the message on stderr and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
