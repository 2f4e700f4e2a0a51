export declare const TOOLS: { tool: string; needs: (file: string, source: string) => boolean }[];
export declare function fileTimes(log: string): Map<string, number>;
export declare function budget(times: Map<string, number>, read?: (file: string) => string): { tool: string; files: string[]; ms: number }[];
