type TokenJson = number | [number, number] | null | undefined;
interface SinkOutcome {
  value: string | null;
  bWrite?: number;
  lateWrite?: number;
}
interface CompareRowJson {
  coordinator: string;
  label: string;
  installed: boolean;
  install?: string;
  token: string;
  tokens?: { A: TokenJson; B: TokenJson };
  modes?: Partial<Record<string, SinkOutcome>>;
  verdict?: string;
}
interface RestartJson {
  experiment: string;
  modes: Record<string, { tokens: Record<string, TokenJson>; bWrite?: { status: number }; lateWrite?: { status: number }; final: { value: string | null } }>;
}
export declare function tokenCell(coordinator: string, token: TokenJson): string;
export declare function sinkCell(outcome: SinkOutcome | undefined): string;
export declare function compareCells(rows: CompareRowJson[]): string[][];
export declare const COMPARE_HEAD: string[];
export declare function restartCells(result: RestartJson): string[][];
export declare const RESTART_HEAD: string[];
export declare function markdownTable(head: string[], cells: string[][]): string[];
export declare function caption(now?: Date): string;
export declare function tableFor(json: { rows?: CompareRowJson[] } | RestartJson): string[];
