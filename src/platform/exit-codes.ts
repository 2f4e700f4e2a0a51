/** Exit statuses of conventions.md, "Exit status": the one definition (cli, cleanup and the lab use it). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  interrupted: 130,
  terminated: 143,
} as const;
