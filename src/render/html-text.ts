/**
 * Lesson Markdown may carry a little inline HTML and entities; `lesson
 * --plain` and the reader show them as text, the one way: tags dropped,
 * the common entities decoded. No marked here, so the reader can use it
 * without loading the parser.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (m, e: string) => ENTITIES[e] ?? m);
}

export function stripTags(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, '')).trim();
}
