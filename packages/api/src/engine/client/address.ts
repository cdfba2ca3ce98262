/**
 * Engine addresses: the default sockets tried when none is named (`DEFAULT_ENGINE_HOST`,
 * `DEFAULT_ENGINE_HOSTS`) and `parseEngineAddress` for the `unix://`, `tcp://` and `ssh://` forms, following
 * the engine CLI's `-H`/`DOCKER_HOST` rules (docker CLI `opts/hosts.go`, its ssh connection helper; engine
 * §1).
 */
import { EngineAddressError } from "./errors.js";

/** The engine's default address (engine §1 `{engine_socket}`). */
export const DEFAULT_ENGINE_HOST = "unix:///var/run/engine.sock";

/**
 * The addresses tried, in order, when nothing names one (no `--host`, address variable or context): the
 * engine's own socket, then the Docker engine's, the engine CLI's default (docker CLI
 * `opts/hosts.go` `DefaultUnixSocket`), so a Docker user's engine is found as it is by `docker`.
 */
export const DEFAULT_ENGINE_HOSTS: readonly string[] = [DEFAULT_ENGINE_HOST, "unix:///var/run/docker.sock"];

/** A parsed engine address. */
export type EngineAddress =
  | { kind: "unix"; socketPath: string; text: string }
  | { kind: "tcp"; host: string; port: number; text: string }
  | { kind: "ssh"; host: string; user: string | undefined; port: number | undefined; text: string };

/**
 * Parses an engine address, following the engine CLI's `-H`/`DOCKER_HOST` forms:
 * - `unix:///absolute/path.sock` (the path must be absolute);
 * - `tcp://host:port` (IPv4, name, or `[IPv6]`; port 1–65535; a trailing `/` is allowed, no other path);
 * - `ssh://[user@]host[:port]` (the engine CLI's connection helper: no password, no path).
 * `source` names where the value came from (`DOCKER_HOST`, `--host`…) in the error message.
 * @throws EngineAddressError naming the value, its source and the accepted forms.
 */
export function parseEngineAddress(value: string, source?: string): EngineAddress {
  try {
    return parseAddress(value);
  } catch (error) {
    if (error instanceof EngineAddressError && source)
      throw new EngineAddressError(value, error.reason, source);
    throw error;
  }
}

function parseAddress(value: string): EngineAddress {
  const text = value.trim();
  if (text.startsWith("unix://")) {
    const socketPath = text.slice("unix://".length);
    if (!socketPath.startsWith("/")) throw new EngineAddressError(value, "the socket path must be absolute");
    return { kind: "unix", socketPath, text };
  }
  if (text.startsWith("tcp://")) {
    let url: URL;
    try {
      url = new URL(`http://${text.slice("tcp://".length)}`);
    } catch {
      throw new EngineAddressError(value, "not a host:port");
    }
    if (url.password) throw new EngineAddressError(value, "a tcp address takes no password");
    if (url.pathname !== "/" || url.search || url.hash || url.username) {
      throw new EngineAddressError(value, "a tcp address takes only host:port");
    }
    if (!url.port || !/:\d+\/?$/.test(text)) throw new EngineAddressError(value, "the port is missing");
    const port = Number(url.port);
    if (!url.hostname) throw new EngineAddressError(value, "the host is missing");
    return { kind: "tcp", host: url.hostname.replace(/^\[|\]$/g, ""), port, text };
  }
  if (text.startsWith("ssh://")) return parseSshAddress(value, text);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1];
  throw new EngineAddressError(value, scheme ? `unsupported scheme ${scheme}` : "no scheme");
}

/** `ssh://[user@]host[:port]`, checked the way the engine CLI's ssh helper checks it (no password, no path). */
function parseSshAddress(value: string, text: string): EngineAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EngineAddressError(value, "not ssh://[user@]host[:port]");
  }
  if (url.password) throw new EngineAddressError(value, "an ssh address takes no password (use an ssh key)");
  if ((url.pathname && url.pathname !== "/") || url.search || url.hash) {
    throw new EngineAddressError(value, "an ssh address takes no path");
  }
  if (!url.hostname) throw new EngineAddressError(value, "the host is missing");
  // As the engine CLI: a host or user starting with "-" would read as an ssh option.
  if (url.hostname.startsWith("-") || url.username.startsWith("-")) {
    throw new EngineAddressError(value, "the host and user must not start with -");
  }
  return {
    kind: "ssh",
    host: url.hostname.replace(/^\[|\]$/g, ""),
    user: url.username ? decodeURIComponent(url.username) : undefined,
    port: url.port ? Number(url.port) : undefined,
    text,
  };
}
