/** The timeline: a renderer-agnostic model, built from a run or by hand, and its text renderer. */
export type * from './model.js';
export { timelineFromOrdering } from './from-ordering.js';
export { timelineFromSim } from './from-sim.js';
export { type CellKind, type RenderedTimeline, type RenderOptions, renderTimeline, renderTimelineCells } from './render-text.js';
