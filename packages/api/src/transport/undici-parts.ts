/**
 * The parts of undici the clients use — its connection pool, its error classes and its request API
 * (`request`, `stream`, `upgrade`… on every dispatcher) — loaded from their own modules instead of
 * undici's index, which also loads fetch, WebSocket, the mock agents, the caches and the proxy agents:
 * 62 ms against 25 ms to load, uncached, on Node 24 (about 38 against 15 ms in the CLI's bundle with its
 * code cache), paid by every command that talks to an engine or a secrets server. The request API is
 * installed on undici's `Dispatcher` prototype exactly as undici's `index.js` does it. `WebSocket`, used
 * by attach only, is loaded from the index when it is asked for.
 */
/// <reference path="./undici-modules.d.ts" />
import type * as Undici from "undici";
import requestApi from "undici/lib/api/index.js";
import undiciErrors from "undici/lib/core/errors.js";
import DispatcherClass from "undici/lib/dispatcher/dispatcher.js";
import PoolClass from "undici/lib/dispatcher/pool.js";

Object.assign(DispatcherClass.prototype, requestApi);

/** undici's `Pool`, with the request API (`request`, `stream`, `upgrade`, …) on its prototype. */
export const Pool: typeof Undici.Pool = PoolClass;
/** A pool's type (undici's `Pool`). */
export type Pool = Undici.Pool;
/** undici's error classes (`errors.HeadersTimeoutError`, …), the same ones its pool throws. */
export const errors: typeof Undici.errors = undiciErrors;
