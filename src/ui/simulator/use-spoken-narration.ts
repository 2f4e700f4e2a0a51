/**
 * --narrate: what a screen reader should hear, as an append-only list of
 * sentences. Each event's sentence is added once, when the cursor reaches
 * it; a change of settings adds how the outcome changed; stepping back adds
 * where the cursor went. Rendered through <Static>, so a sentence is written
 * once and never redrawn (a redraw would be read out again).
 */
import { useEffect, useRef, useState } from 'react';

export interface Spoken {
  key: string;
  text: string;
}

export function useSpokenNarration(
  enabled: boolean,
  events: readonly { t: number; text: string }[],
  cursor: number,
  runKey: string,
  intro: string,
  change: string | null,
): Spoken[] {
  const [spoken, setSpoken] = useState<Spoken[]>([]);
  const state = useRef({ runKey: '', next: 0, serial: 0 });
  useEffect(() => {
    if (!enabled) return;
    const st = state.current;
    const add: string[] = [];
    if (st.runKey !== runKey) {
      // The change is a sentence with its own period: one full stop, not `"100"..`.
      add.push(st.runKey === '' ? intro : `Changed by ${(change ?? 'new settings').replace(/\.+$/, '')}. Replaying from the start.`);
      st.runKey = runKey;
      st.next = 0;
    }
    const reached = events.filter((e) => e.t <= cursor).length;
    if (reached < st.next) {
      add.push(`Back at t=${cursor}.`);
      st.next = reached;
    }
    for (; st.next < reached; st.next++) add.push(events[st.next]?.text ?? '');
    if (add.length === 0) return;
    const items = add.map((text) => ({ key: `s${st.serial++}`, text }));
    setSpoken((prev) => [...prev, ...items]);
  }, [enabled, events, cursor, runKey, intro, change]);
  return spoken;
}
