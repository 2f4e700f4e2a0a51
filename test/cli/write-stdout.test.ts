/**
 * writeStdout writes JSON straight to descriptor 1 (so `sim --json` never
 * builds process.stdout); these are the cases a real pipe rarely shows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const writeSync = vi.fn();
vi.mock('node:fs', async (importOriginal) => ({ ...(await importOriginal<typeof import('node:fs')>()), writeSync }));

const { writeStdout } = await import('../../src/cli/stdout.js');

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(code), { code });
}

afterEach(() => {
  writeSync.mockReset();
  vi.restoreAllMocks();
});

describe('writeStdout', () => {
  it('writes every byte to descriptor 1, continuing after a short write', () => {
    const seen: string[] = [];
    writeSync.mockImplementation((fd: number, bytes: Buffer, offset: number) => {
      expect(fd).toBe(1);
      const n = Math.min(3, bytes.length - offset);
      seen.push(bytes.subarray(offset, offset + n).toString('utf8'));
      return n;
    });
    writeStdout('{"a": "é"}\n');
    expect(seen.join('')).toBe('{"a": "é"}\n');
    expect(seen.length).toBeGreaterThan(1);
  });

  it('hands what is left to process.stdout when the descriptor would block (EAGAIN)', () => {
    writeSync
      .mockImplementationOnce(() => 4)
      .mockImplementationOnce(() => {
        throw errno('EAGAIN');
      });
    const streamWrite = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    writeStdout('0123456789');
    expect(streamWrite).toHaveBeenCalledTimes(1);
    expect(Buffer.from(streamWrite.mock.calls[0]![0] as Uint8Array).toString()).toBe('456789');
  });

  it('stops quietly when the reader has gone (EPIPE), and rethrows anything else', () => {
    writeSync.mockImplementation(() => {
      throw errno('EPIPE');
    });
    expect(() => writeStdout('x\n')).not.toThrow();
    writeSync.mockImplementation(() => {
      throw errno('EIO');
    });
    expect(() => writeStdout('x\n')).toThrow('EIO');
  });
});
