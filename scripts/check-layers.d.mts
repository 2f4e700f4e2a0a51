// Types for scripts/check-layers.mjs, for test/build/layers.test.ts.
export const LAYERS: Record<string, readonly string[]>;
export const ENTRY: string;
export interface LayerViolation {
  file: string;
  line: number;
  specifier: string;
  from: string;
  to: string;
  rule: string;
}
export function findViolations(root: string): LayerViolation[];
