/**
 * --narrate: what a screen reader should hear, as an append-only list of
 * sentences (which ones: src/store/spoken-sentences.ts). Rendered through
 * <Static>, so a sentence is written once and never redrawn (a redraw would
 * be read out again).
 */
import { useEffect, useRef, useState } from 'react';
import { NOTHING_SPOKEN, nextSentences } from '../../store/spoken-sentences.js';

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
  const state = useRef({ said: NOTHING_SPOKEN, serial: 0 });
  useEffect(() => {
    if (!enabled) return;
    const st = state.current;
    const { state: said, add } = nextSentences(st.said, { events, cursor, runKey, intro, change });
    st.said = said;
    if (add.length === 0) return;
    const items = add.map((text) => ({ key: `s${st.serial++}`, text }));
    setSpoken((prev) => [...prev, ...items]);
  }, [enabled, events, cursor, runKey, intro, change]);
  return spoken;
}
