import { describe, expect, it } from 'vitest';
import { prefixRangeEnd } from '../../src/lab/coordinator/etcd-client.js';
import { parseLabFlags } from '../../src/lab/lab-options.js';
import { assertLabSupported } from '../../src/lab/runner/preflight.js';
import { spread } from '../../src/lab/repeats.js';
import { LabUnavailableError } from '../../src/lab/types.js';

describe('lab flags', () => {
  it('defaults: late-write, embedded, TTL 2 s, one run', () => {
    expect(parseLabFlags({})).toEqual({
      options: { experiment: 'late-write', coordinator: 'embedded', ttlMs: 2000 },
      repeats: 1,
    });
  });

  it('etcd with several endpoints and a fractional TTL', () => {
    const parsed = parseLabFlags({ coordinator: 'etcd', etcdEndpoints: 'http://a:2379, http://b:2379', ttl: '1.5' });
    expect(parsed.options).toMatchObject({ coordinator: 'etcd', ttlMs: 1500, etcdEndpoints: ['http://a:2379', 'http://b:2379'] });
  });

  it.each([
    [{ ttl: '0.1' }, /--ttl 0.1/],
    [{ ttl: '61' }, /--ttl 61/],
    [{ repeats: '1.5' }, /--repeats/],
    [{ experiment: 'x' }, /late-write, split, early, restart/],
    [{ etcdBin: '/x' }, /--etcd-bin needs --coordinator etcd/],
    [{ coordinator: 'etcd', etcdEndpoints: 'not a url' }, /not a URL/],
  ])('refuses %j with a fix', (flags, message) => {
    expect(() => parseLabFlags(flags)).toThrow(message);
  });
});

describe('the lab elsewhere', () => {
  it('says so on Windows (no SIGSTOP) instead of running', () => {
    expect(() => assertLabSupported('win32')).toThrow(LabUnavailableError);
    expect(() => assertLabSupported('win32')).toThrow(/SIGSTOP/);
    expect(() => assertLabSupported('linux')).not.toThrow();
  });
});

describe('small helpers', () => {
  it('etcd prefix range end: the prefix with its last byte raised', () => {
    expect(Buffer.from(prefixRangeEnd('/a/'), 'base64').toString()).toBe('/a0');
  });

  it('median, min and max of a run set', () => {
    expect(spread([3, 1, 2, 10])).toEqual({ median: 2.5, min: 1, max: 10 });
  });
});
