import type { Logger } from "../logger.js";
import { describePostgresUrl, openPostgresStore } from "./postgres-store.js";
import { openSqliteStore } from "./sqlite-store.js";
import type { StateStore } from "./store.js";

export interface StateLocation {
  /** postgres://… : PostgreSQL, shared by every process given the same URL. */
  url?: string;
  /** Otherwise this SQLite file. */
  path: string;
}

/** Where the state lives, for logs (never a password). */
export function describeStateLocation(location: StateLocation): string {
  return location.url === undefined ? location.path : describePostgresUrl(location.url);
}

/** The state store at a location: PostgreSQL when a URL is given, else the SQLite file. Throws StateUnavailableError. */
export function openStateStore(
  location: StateLocation,
  options: { logger?: Logger; now?: () => number } = {},
): Promise<StateStore> {
  return location.url === undefined
    ? openSqliteStore(location.path, options)
    : openPostgresStore(location.url, options);
}
