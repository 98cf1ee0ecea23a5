/** Types of scripts/shipped-files.mjs for the TypeScript code that imports it (bench, tests). */
export const ROOT: string;
export const CONFIG_PATH: string;
export function loadBuilderConfig(path?: string): Record<string, unknown>;
export function shippedFiles(config?: Record<string, unknown>, root?: string): { path: string; size: number }[];
