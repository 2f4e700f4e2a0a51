/**
 * The message of anything a `catch` caught, for a line on stderr or a screen.
 * One place instead of `(err as Error).message`, which prints "undefined" for
 * a thrown string and throws for a thrown null. Errors posted across a worker
 * or child boundary arrive as plain objects with a `message`: kept too.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  if (typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string') {
    return (err as { message: string }).message;
  }
  try {
    return String(err);
  } catch {
    // An object without a prototype has no toString.
    return Object.prototype.toString.call(err);
  }
}
