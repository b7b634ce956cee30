export declare const ROOT: string;
export declare const SERVER_ENTRY: string;

export interface BuiltServer {
  baseUrl: string;
  /** The last 20,000 characters the server printed. */
  output(): string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its data folder. */
  stop(): Promise<void>;
}

export declare function freePort(): Promise<number>;

/** Creates and migrates an embedded database in `dataDir` (the server's first start), then stops. */
export declare function prepareDataDir(dataDir: string): void;

export declare function startBuiltServer(options?: {
  name?: string;
  env?: Record<string, string>;
  databaseUrl?: string;
  /** A data folder from prepareDataDir, copied into the fresh one before the start. */
  fromDataDir?: string;
  healthTimeoutMs?: number;
}): Promise<BuiltServer>;
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare function apiPost(
  base: string,
  path: string,
  body: unknown,
  headers?: Record<string, string>,
): Promise<unknown>;
