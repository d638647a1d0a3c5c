export declare const adminUrl: string;
export declare function createScratchDatabase(name: string): Promise<string>;
export declare function dropScratchDatabase(name: string): Promise<void>;
