/**
 * A list to pick from: j/k or the arrows move the pointer (wrapping at the
 * ends), a digit 1-9 picks the Nth row shown, Enter picks the pointed one.
 * The keys are ours; ink-select-input draws the rows. Its own key handler
 * computes each move from the index of the last render: two keys in one
 * read ("jj", a held arrow's autorepeat, two Down arrows in one chunk) moved
 * the pointer once. Here keys come through useKeys (the one input path: a
 * run of keys acts once per key) and each move starts from where the
 * previous one left the pointer (a ref), so Enter after "jj" in the same
 * read picks the row two down; the list is drawn by SelectInput with its
 * handler off (isFocused false), remounted at our pointer.
 */
import { type FC, useRef, useState } from 'react';
import SelectInput from 'ink-select-input';
import { useKeys } from '../use-keys.js';
import { SelectIndicator, SelectItem } from './select-item.js';

export interface MenuItem<V> {
  key?: string;
  label: string;
  value: V;
}

interface Position {
  index: number;
  /** The first row shown when the list is longer than `limit`. */
  offset: number;
}

/** The pointer moved by `step` (+1 down, -1 up), wrapping, with the window of `limit` rows kept around it. */
export function movePointer(at: Position, step: 1 | -1, count: number, limit: number): Position {
  if (count === 0) return at;
  const index = (at.index + step + count) % count;
  return { index, offset: windowStart(index, at.offset, count, limit) };
}

function windowStart(index: number, offset: number, count: number, limit: number): number {
  const shown = Math.min(limit, count);
  const start = index < offset ? index : index >= offset + shown ? index - shown + 1 : offset;
  return Math.max(0, Math.min(start, count - shown));
}

export function SelectMenu<V>({
  items,
  isFocused = true,
  initialIndex = 0,
  limit = items.length,
  onSelect,
  itemComponent: Item = SelectItem,
}: {
  items: readonly MenuItem<V>[];
  isFocused?: boolean;
  initialIndex?: number;
  limit?: number;
  onSelect: (item: MenuItem<V>) => void;
  itemComponent?: FC<{ isSelected?: boolean; label: string }>;
}) {
  const start = Math.max(0, Math.min(initialIndex, items.length - 1));
  const at = useRef<Position>({ index: start, offset: windowStart(start, 0, items.length, limit) });
  // A different list (other values) starts again at its top, as ink-select-input did.
  const values = useRef(items.map((i) => i.value));
  if (values.current.length !== items.length || values.current.some((v, i) => v !== items[i]!.value)) {
    values.current = items.map((i) => i.value);
    at.current = { index: 0, offset: 0 };
  }
  const [, redraw] = useState(0);
  const move = (step: 1 | -1) => {
    at.current = movePointer(at.current, step, items.length, limit);
    redraw((n) => n + 1);
  };
  useKeys(
    (input, key) => {
      if (input === 'j' || key.downArrow) move(1);
      else if (input === 'k' || key.upArrow) move(-1);
      else if (key.return) {
        const item = items[at.current.index];
        if (item) onSelect(item);
      } else if (/^[1-9]$/.test(input)) {
        const item = items[at.current.offset + Number(input) - 1];
        if (item && Number(input) <= limit) onSelect(item);
      }
    },
    { isActive: isFocused },
  );
  const offset = windowStart(at.current.index, at.current.offset, items.length, limit);
  const shown = items.slice(offset, offset + Math.min(limit, items.length));
  // ink-select-input draws the rows (a row per item: our pointer, our item),
  // its own key handler off: the pointer is ours, so it is remounted at it.
  return (
    <SelectInput
      key={`${offset}:${at.current.index}`}
      items={shown.map((item) => ({ ...item, key: item.key ?? String(item.value) }))}
      initialIndex={at.current.index - offset}
      isFocused={false}
      indicatorComponent={SelectIndicator}
      itemComponent={Item}
    />
  );
}
