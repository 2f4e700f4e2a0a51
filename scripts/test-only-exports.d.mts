export declare const ALLOW_FILE: string;
export declare function testOnlyExports(): string[];
export declare function readAllowList(text: string): Map<string, string>;
export declare function allowListProblems(found: string[], reasons: Map<string, string>): string[];
