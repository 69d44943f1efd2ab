export declare const ROOT: string
/** Runs `npm run build` when the sources are newer than the last build. */
export declare function ensureBuilt(): void
