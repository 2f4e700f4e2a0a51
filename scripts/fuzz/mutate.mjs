// Seeded mutations of a valid file, biased toward the hostile shapes the
// loaders must refuse quickly: deep nesting, many entries, alias bombs, long
// strings, hidden characters, invalid UTF-8, NUL bytes, truncation.

/** mulberry32: a small seeded PRNG, so a failing case can be replayed from its seed. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HIDDEN = [
  '\u0000',
  '\u0007',
  '\u001b[2J',
  '\u001b]0;owned\u0007',
  '\u009b31m',
  '\u0085',
  '\u202e',
  '\u2066',
  '\u200f',
  '\u061c',
  '\u200b',
  '\ufeff',
  '\u{e0041}',
  '\u2028',
];

/** Hostile fragments, each a function of the PRNG. */
const HOSTILE = [
  (r) => '['.repeat(50 + Math.floor(r() * 100000)),
  (r) => `${'{"a":'.repeat(50 + Math.floor(r() * 50000))}1`,
  (r) => `\n${Array.from({ length: 40 + Math.floor(r() * 200) }, (_, i) => `${' '.repeat(i)}k:`).join('\n')}`,
  (r) => `${'- '.repeat(40 + Math.floor(r() * 5000))}x`,
  (r) => `${'> '.repeat(20 + Math.floor(r() * 20000))}deep`,
  (r) => `\n${Array.from({ length: 20 + Math.floor(r() * 60) }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')}`,
  () =>
    `\na0: &a0 [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n${Array.from({ length: 9 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(',')}]`).join('\n')}\n`,
  (r) =>
    `[${Array(5000 + Math.floor(r() * 100000))
      .fill('1')
      .join(',')}]`,
  (r) => `{${Array.from({ length: 5000 + Math.floor(r() * 20000) }, (_, i) => `k${i}: 1`).join(',')}}`,
  (r) => `"${'x'.repeat(60000 + Math.floor(r() * 100000))}"`,
  (r) => HIDDEN[Math.floor(r() * HIDDEN.length)],
  (r) => String.fromCharCode(...Array.from({ length: 1 + Math.floor(r() * 20) }, () => Math.floor(r() * 256))),
];

function pick(r, xs) {
  return xs[Math.floor(r() * xs.length)];
}

/** Mutates `seed` (text) with 1 to 4 edits; returns a Buffer (some edits write invalid UTF-8). */
export function mutate(seed, r) {
  let text = seed;
  let invalidAt = -1;
  const edits = 1 + Math.floor(r() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(r() * (text.length + 1));
    const lines = text.split('\n');
    const line = Math.floor(r() * lines.length);
    switch (Math.floor(r() * 7)) {
      case 0: // a hostile fragment at a random place
      case 1:
        text = text.slice(0, at) + pick(r, HOSTILE)(r) + text.slice(at);
        break;
      case 2: // a hostile fragment as a whole line's value
        lines[line] = `${(lines[line] ?? '').replace(/:.*$/, ':')} ${pick(r, HOSTILE)(r)}`;
        text = lines.join('\n');
        break;
      case 3: // lines dropped, duplicated or swapped
        if (r() < 0.5) lines.splice(line, 1);
        else lines.splice(line, 0, ...Array(1 + Math.floor(r() * 3)).fill(lines[line] ?? ''));
        text = lines.join('\n');
        break;
      case 4: // truncated
        text = text.slice(0, at);
        break;
      case 5: // a hidden character inside a value
        text = text.slice(0, at) + pick(r, HIDDEN) + text.slice(at);
        break;
      default: // invalid UTF-8 bytes in the middle
        invalidAt = at;
    }
  }
  if (invalidAt < 0) return Buffer.from(text);
  const at = Math.min(invalidAt, text.length);
  return Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]), Buffer.from(text.slice(at))]);
}
