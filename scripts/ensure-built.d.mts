export declare const ROOT: string
/** Runs `npm run build` when the sources are newer than the last build. */
export declare function ensureBuilt(): void
/** Marks dist/ as built from the sources as they stand (the last step of `npm run build`). */
export declare function sellar(): void
