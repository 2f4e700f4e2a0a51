/**
 * Routes are a discriminated union: each screen's parameters are typed, so a
 * misspelled parameter, a wrong type, or a test hook smuggled into a route
 * does not compile (`npx tsc` fails if an `@ts-expect-error` below stops
 * being an error).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createRouterStore, currentRoute, type Route, type RouteOf } from '../../src/store/router-store.js';

describe('typed routes', () => {
  it("narrows on the screen: the reader's lessonId is a string", () => {
    const router = createRouterStore({ screen: 'home' });
    router.getState().push({ screen: 'reader', lessonId: 'stale-holder' });
    const route = currentRoute(router.getState());
    if (route.screen !== 'reader') throw new Error('not the reader');
    expectTypeOf(route.lessonId).toEqualTypeOf<string | undefined>();
    expect(route.lessonId).toBe('stale-holder');
  });

  it('refuses what a route may not carry', () => {
    const router = createRouterStore({ screen: 'home' });
    // @ts-expect-error: misspelled parameter (lessonId)
    router.getState().push({ screen: 'reader', lesson: 'stale-holder' });
    // @ts-expect-error: a screen that does not exist
    router.getState().push({ screen: 'simulater' });
    // @ts-expect-error: the quiz mode is one of practice, exam, review
    router.getState().push({ screen: 'quiz', mode: 'test' });
    // @ts-expect-error: no test hooks in a route (tests inject a runner through the App's services)
    const lab: Route = { screen: 'lab', runLab: async () => ({}) };
    expectTypeOf<RouteOf<'lab'>>().not.toHaveProperty('runLab');
    expectTypeOf<RouteOf<'quiz'>>().not.toHaveProperty('store');
    expect(lab.screen).toBe('lab');
  });
});
