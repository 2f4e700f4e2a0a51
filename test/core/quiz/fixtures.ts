import type { Question } from '../../../src/core/quiz/types.js';

const base = { lesson: 'token-contract', tags: ['fencing'], difficulty: 'easy' as const, explanation: 'Because.', source: 'Kleppmann 2016, section X' };

/** A small bank of every kind, independent of the shipped content. */
export const FIXTURE_BANK: Question[] = [
  { ...base, id: 'q-single', type: 'single', prompt: 'Pick A', options: ['A', 'B', 'C', 'D'], answer: 0, hint: 'Starts with A.' },
  { ...base, id: 'q-multiple', type: 'multiple', prompt: 'Pick A and C', options: ['A', 'B', 'C', 'D', 'E'], answer: [0, 2], tags: ['fencing', 'leases'] },
  { ...base, id: 'q-true', type: 'truefalse', prompt: 'True?', answer: true },
  { ...base, id: 'q-false', type: 'truefalse', prompt: 'False?', answer: false },
  { ...base, id: 'q-order', type: 'ordering', prompt: 'Order', options: ['first', 'second', 'third', 'fourth'] },
  {
    ...base,
    id: 'q-predict',
    type: 'predict',
    prompt: 'Accepted?',
    scenario: 'late-write',
    ask: 'write-result',
    write: { actor: 'A', sentAt: 31 },
    variants: [
      {
        overrides: { fencing: true },
        settings: { fencing: true, minting: 'durable', check: 'atomic', ttl: 10 },
        options: ['Accepted', 'Rejected', 'It never reaches the sink'],
        answer: 1,
        outcome: 'Rejected.',
      },
      {
        overrides: { fencing: false },
        settings: { fencing: false, minting: 'durable', check: 'atomic', ttl: 10 },
        options: ['Accepted', 'Rejected', 'It never reaches the sink'],
        answer: 0,
        outcome: 'Accepted.',
      },
    ],
  },
  ...Array.from(
    { length: 14 },
    (_, i): Question => ({
      ...base,
      id: `q-extra-${i}`,
      type: 'single',
      prompt: `Extra ${i}`,
      options: ['right', 'wrong', 'also wrong'],
      answer: 0,
      tags: [i % 2 ? 'leases' : 'tokens'],
    }),
  ),
];
