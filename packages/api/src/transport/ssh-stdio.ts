/**
 * Connections over `ssh … -- <host> docker system dial-stdio`, the engine CLI's way of reaching an engine at
 * `ssh://[user@]host[:port]` (docker CLI `cli/connhelper`): the local `ssh` (from `PATH`, with the user's own
 * `~/.ssh/config`, agent and known hosts) runs the remote CLI's `dial-stdio`, which joins its standard input
 * and output to the remote engine's socket; HTTP is spoken over that pipe. Each pooled connection is one
 * `ssh` process, ended when the connection closes.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { Duplex } from "node:stream";
import type { buildConnector } from "undici";

/** Where and how to run `ssh`. */
export interface SshTarget {
  host: string;
  user?: string | undefined;
  port?: number | undefined;
  /** Seconds `ssh` may take to connect (`-o ConnectTimeout`; the engine CLI uses 30). */
  connectTimeoutSeconds?: number;
  /** The command to run instead of `ssh` (tests). */
  command?: string;
  /** Environment of the `ssh` process (its `PATH` finds `ssh`); default `process.env`. */
  env?: NodeJS.ProcessEnv | undefined;
}

/** The most bytes of `ssh`'s standard error kept for an error message. */
const MAX_STDERR_BYTES = 4096;

/** The `ssh` arguments for a target, as the engine CLI builds them (`-l`, `-p`, `--`, host, command). */
function sshArguments(target: SshTarget): string[] {
  const args = ["-o", `ConnectTimeout=${target.connectTimeoutSeconds ?? 30}`, "-T"];
  if (target.user) args.push("-l", target.user);
  if (target.port) args.push("-p", String(target.port));
  args.push("--", target.host, "docker", "system", "dial-stdio");
  return args;
}

/**
 * An undici `connect` function that opens each connection as a new `ssh … dial-stdio` process. The
 * connection is handed to undici once the process started (undici expects the callback asynchronously);
 * a missing `ssh` fails the connection with {@link SshConnectionError}.
 */
export function sshConnector(target: SshTarget): buildConnector.connector {
  return (_options, callback) => {
    const child = spawn(target.command ?? "ssh", sshArguments(target), {
      stdio: "pipe",
      env: target.env ?? process.env,
    });
    const socket = new ChildProcessSocket(child, target);
    const onError = (error: Error) => callback(error, null);
    socket.once("error", onError);
    child.once("spawn", () => {
      socket.off("error", onError);
      // The socket type undici declares is a net.Socket; a Duplex is what it uses.
      callback(null, socket as unknown as Parameters<typeof callback>[1] & {});
    });
  };
}

/** Thrown (as the connection's error) when `ssh` cannot run or ends with a failure status. */
class SshConnectionError extends Error {
  override name = "SshConnectionError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A child process's standard output and input as one socket-like stream. */
class ChildProcessSocket extends Duplex {
  readonly #child: ChildProcessWithoutNullStreams;
  #stderr = "";

  constructor(child: ChildProcessWithoutNullStreams, target: SshTarget) {
    super({ allowHalfOpen: false });
    this.#child = child;
    const command = target.command ?? "ssh";
    child.stdout.on("data", (chunk: Buffer) => {
      if (!this.push(chunk)) child.stdout.pause();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (this.#stderr.length < MAX_STDERR_BYTES) this.#stderr += chunk.toString("utf8");
    });
    child.stdin.on("error", () => {
      // a closed pipe is reported by the process's exit status below
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === "ENOENT" ? `${command} is not installed (not found on PATH)` : error.message;
      this.destroy(new SshConnectionError(`cannot run ${command}: ${reason}`, error.code ?? "ESSH"));
    });
    child.on("close", (status, signal) => {
      if (this.destroyed) return;
      if (status === 0) {
        this.push(null);
        return;
      }
      const last = this.#stderr.trim().split("\n").at(-1)?.trim();
      const how = signal ? `was ended by ${signal}` : `exited with status ${status}`;
      this.destroy(
        new SshConnectionError(
          `${command} to ${target.user ? `${target.user}@` : ""}${target.host} ${how}${last ? `: ${last}` : ""}`,
          "ESSH",
        ),
      );
    });
  }

  override _read(): void {
    this.#child.stdout.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#child.stdin.write(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#child.stdin.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill();
    callback(error);
  }

  /** Lets the process exit while the connection is idle (undici calls this on idle sockets). */
  unref(): this {
    this.#child.unref();
    for (const pipe of [this.#child.stdin, this.#child.stdout, this.#child.stderr]) {
      (pipe as unknown as { unref?: () => void }).unref?.();
    }
    return this;
  }

  ref(): this {
    this.#child.ref();
    for (const pipe of [this.#child.stdin, this.#child.stdout, this.#child.stderr]) {
      (pipe as unknown as { ref?: () => void }).ref?.();
    }
    return this;
  }
}
