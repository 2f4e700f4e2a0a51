/**
 * Time spent on a lesson, booked to progress every few seconds, on leaving
 * the lesson, and at Ctrl-C or SIGTERM (the cleanup hook), so a crash or a
 * kill loses at most a few seconds.
 */
import { useEffect } from 'react';
import { onCleanup } from '../../platform/cleanup.js';
import type { ProgressStore } from '../../store/progress-store.js';

const SAVE_EVERY_MS = 5000;

export function useStudyTimer(lessonId: string, progress: ProgressStore): void {
  useEffect(() => {
    let since = Date.now();
    const book = () => {
      const now = Date.now();
      progress.getState().spend(lessonId, now - since);
      since = now;
      progress.getState().flush();
    };
    const timer = setInterval(book, SAVE_EVERY_MS);
    const forget = onCleanup(book);
    return () => {
      clearInterval(timer);
      forget();
      book();
    };
  }, [lessonId, progress]);
}
