export declare const ALLOW_FILE: string;
export declare function testOnlyExports(): string[];
export declare function readAllowList(text: string): { reasons: Map<string, string>; backlog: string[] };
export declare function allowListProblems(found: string[], allow: { reasons: Map<string, string>; backlog: string[] }): string[];
