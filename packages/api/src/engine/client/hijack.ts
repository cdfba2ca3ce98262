/**
 * Hijacked attach and exec sessions (engine §4.1.2): a `101 UPGRADED` connection read as the process's
 * standard streams, with stdin half-closed as the engine CLI does.
 */
import type { Duplex } from "node:stream";
import { decodeMultiplexedStream, type OutputFrame } from "./multiplexed-stream.js";

/**
 * A hijacked attach or exec session (engine §4.1.2): the engine answered `101 UPGRADED` and the connection
 * now carries the process's standard streams. Read `output` (demultiplexed unless the process has a TTY);
 * write to `stdin` and `closeStdin()` to send end-of-file (a TCP half-close, as the engine CLI does).
 */
export interface HijackedSession {
  /** Frames of stdout/stderr (with a TTY: raw PTY bytes as `stdout`). Ends when the process exits. */
  output: AsyncIterable<OutputFrame>;
  /** Writes bytes to the process's stdin (only meaningful when stdin was attached). */
  write(data: string | Uint8Array): Promise<void>;
  /** Half-closes the connection so the process reads end-of-file; output keeps flowing. */
  closeStdin(): void;
  /** Tears the connection down. */
  destroy(): void;
  /** The raw socket, for callers that pipe it themselves. */
  socket: Duplex;
}

/** Wraps an upgraded socket as a {@link HijackedSession}. */
export function hijackedSession(socket: Duplex, tty: boolean): HijackedSession {
  return {
    output: decodeMultiplexedStream(socket, { tty }),
    write: (data) =>
      new Promise<void>((resolve, reject) =>
        socket.write(data, (error) => (error ? reject(error) : resolve())),
      ),
    closeStdin: () => socket.end(),
    destroy: () => socket.destroy(),
    socket,
  };
}
