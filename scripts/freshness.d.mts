/** Types of scripts/freshness.mjs for the TypeScript code that imports it (web/server.ts). */
export function newestMtime(paths: readonly string[]): number;
export function isStale(marker: string, sources: readonly string[]): boolean;
export const RENDERER_SOURCES: readonly string[];
export const APP_SOURCES: readonly string[];
