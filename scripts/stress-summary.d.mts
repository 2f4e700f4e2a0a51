export declare const plain: (text: string) => string;
export declare function summarise(output: string): { duration: string; failed: string[]; tests: string };
