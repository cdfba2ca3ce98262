/** Test helpers for the BuildKit session: a connected socket pair standing for the upgraded connection. */
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

/**
 * A connected pair of Unix sockets: one for the session, one for the "engine" (Node's http2 client plays
 * the engine, which is the HTTP/2 client after `POST /session`). Closed when the current test finishes.
 */
export async function socketPair(): Promise<[Socket, Socket]> {
  const dir = mkdtempSync(join(tmpdir(), "ek-session-"));
  const path = join(dir, "pair.sock");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  const accepted = new Promise<Socket>((resolve) => server.once("connection", resolve));
  const client = connect(path);
  const ours = await accepted;
  onTestFinished(() => {
    ours.destroy();
    client.destroy();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return [ours, client];
}
