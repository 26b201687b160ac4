/** The built server (apps/server/dist/main.js): the launcher. */
export declare const serverBundle: string;
/** The bundle itself (apps/server/dist/server.cjs), which main.js loads. */
export declare const serverCode: string;
/** Whether the bundle is missing or older than one of its sources. */
export declare const isServerStale: () => boolean;
/** Bundles the server. */
export declare const buildServer: () => Promise<void>;
/** Builds the bundle when a source is newer; true when it built. */
export declare const buildServerIfStale: () => Promise<boolean>;
