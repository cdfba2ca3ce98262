/**
 * `createDispatcher`: the undici connection pool for a Unix socket, an `http:`/`https:` origin with TLS
 * options, or an `ssh` target (engine §1 transports, as the engine CLI reaches them).
 */

import { type SshTarget, sshConnector } from "./ssh-stdio.js";
import { Pool } from "./undici-parts.js";

/** TLS material and policy for an HTTPS connection (PEM strings, as read by {@link readTlsFiles}). */
export interface TlsOptions {
  /** CA certificate(s) that sign the server certificate (PEM). Omitted: Node's default trust store. */
  ca?: string;
  /** Client certificate (PEM), for servers that require mutual TLS. */
  cert?: string;
  /** Private key of `cert` (PEM). Never logged. */
  key?: string;
  /** `false` accepts any server certificate (the engine CLI's TLS without `--tlsverify`). Default `true`. */
  verify?: boolean;
}

/** Where a {@link Pool} connects: a Unix socket, or an `http:`/`https:` origin. */
export interface DispatcherTarget {
  /** `http://host:port` or `https://host:port`; for a Unix socket any origin (the host name is ignored). */
  origin: string;
  /** Path of a Unix socket to connect to instead of the origin's host and port. */
  socketPath?: string;
  /** TLS settings; only used when `origin` is `https:`. */
  tls?: TlsOptions;
  /** Reach the origin through `ssh … docker system dial-stdio` instead of a socket (see `ssh-stdio.ts`). */
  ssh?: SshTarget;
  /** Most parallel connections (default 16): streams such as `GET /events` hold one each. */
  connections?: number;
  /** Milliseconds a new connection (TCP and TLS handshake) may take (default {@link DEFAULT_CONNECT_TIMEOUT_MS}). */
  connectTimeoutMs?: number;
}

/** How long opening a connection may take by default, in milliseconds (undici's own default). */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Creates the undici connection pool for a target. Timeouts are not set here: each request carries its
 * own `headersTimeout`/`bodyTimeout` (see `timeouts.ts`), so long streams are never cut by a pool default.
 * Pipelining stays at 1 (HTTP/1.1 keep-alive, one request at a time per connection).
 */
export function createDispatcher(target: DispatcherTarget): Pool {
  const connectTimeoutMs = target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  if (target.ssh) {
    const connectTimeoutSeconds = Math.max(1, Math.ceil(connectTimeoutMs / 1000));
    return new Pool(target.origin, {
      connections: target.connections ?? 16,
      connect: sshConnector({ connectTimeoutSeconds, ...target.ssh }),
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  }
  const connect: Record<string, unknown> = { timeout: connectTimeoutMs };
  if (target.socketPath) connect.socketPath = target.socketPath;
  if (target.origin.startsWith("https:") && target.tls) {
    const { ca, cert, key, verify } = target.tls;
    if (ca) connect.ca = ca;
    if (cert) connect.cert = cert;
    if (key) connect.key = key;
    connect.rejectUnauthorized = verify !== false;
  }
  return new Pool(target.origin, {
    connections: target.connections ?? 16,
    connect,
    headersTimeout: 0,
    bodyTimeout: 0,
  });
}
