export function importGraph(files: string[]): Map<string, string[]>;
export function cycles(graph: Map<string, string[]>): string[][];
