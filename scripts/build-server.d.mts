/** The built server (apps/server/dist/main.js). */
export declare const serverBundle: string;
/** The bundle itself (apps/server/dist/server.cjs), which main.js runs through V8's code cache. */
export declare const serverCode: string;
/** Whether the bundle is missing or older than one of its sources. */
export declare const isServerStale: () => boolean;
/** Bundles the server. */
export declare const buildServer: () => Promise<void>;
/** Builds the bundle when a source is newer; true when it built. */
export declare const buildServerIfStale: () => Promise<boolean>;
/** What the bundle changes in its packages: in a file matching `file`, `find` replaced by `replace`. */
export declare const packagePatches: { file: RegExp; find: RegExp; replace: string }[];
/** `text` with each UTF-16 unit outside ASCII written `\uXXXX`: the same program, as ASCII. */
export declare const asciiSource: (text: string) => string;
