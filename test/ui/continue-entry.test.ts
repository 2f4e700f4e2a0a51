/**
 * Issue 16: Home's Continue and Lessons labels come from the build's snapshot
 * of the shipped content when it matches the files, so Home loads no YAML or
 * Markdown parser on the UI thread right after its first frame (a Ctrl-C
 * there waited 1.7-2.2 s for them); the real loaders only with `--content`
 * or when the snapshot cannot be trusted. Both sources are stand-ins here,
 * so the test tells which one was used.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProgress } from '../../src/progress/progress-file.js';

const lesson = (id: string, number: number, title: string) => ({ id, number, title });
const snapshot = { value: undefined as { curriculum: { lessons: ReturnType<typeof lesson>[] } } | undefined };
const loaders = vi.fn((_flags: { content?: string }) => ({ curriculum: { lessons: [lesson('from-files', 1, 'Loaded from files')] } }));

vi.mock('../../src/content/shared/built-content.js', () => ({ builtContent: () => snapshot.value }));
// The loaders come in through loadReaderSources (it imports them when the snapshot does not serve).
vi.mock('../../src/ui/reader/reader-sources.js', () => ({ loadReaderSources: async (flags: { content?: string }) => loaders(flags) }));

const { homeLessonEntries } = await import('../../src/ui/reader/continue-entry.js');

beforeEach(() => {
  loaders.mockClear();
  snapshot.value = { curriculum: { lessons: [lesson('a', 1, 'From the snapshot'), lesson('b', 2, 'Second')] } };
});

describe("Home's lesson labels", () => {
  it('come from the build snapshot when it matches, without the real loaders', async () => {
    const entries = await homeLessonEntries(emptyProgress(), undefined);
    expect(entries?.continueLabel).toBe('start with 1. From the snapshot');
    expect(entries?.lessonsLabel).toBe('2 lessons, 0 done');
    expect(loaders).not.toHaveBeenCalled();
  });

  it('come from the real loaders with --content, or when the snapshot cannot be trusted', async () => {
    const withContent = await homeLessonEntries(emptyProgress(), '/my/content');
    expect(withContent?.continueLabel).toBe('start with 1. Loaded from files');
    expect(loaders).toHaveBeenCalledWith({ content: '/my/content' });
    snapshot.value = undefined;
    const stale = await homeLessonEntries(emptyProgress(), undefined);
    expect(stale?.lessonsLabel).toBe('1 lessons, 0 done');
    expect(loaders).toHaveBeenLastCalledWith({ content: undefined });
  });
});
