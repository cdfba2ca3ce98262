/**
 * A minimal JSON-RPC client with LSP's Content-Length framing, for the tests that run `enginekit lsp` as
 * a process (`lsp.test.ts`, `faults/repository.test.ts`).
 */
import type { Readable, Writable } from "node:stream";

/** A minimal JSON-RPC client with LSP's Content-Length framing (as the peer's black-box tests use). */
export function rpc(input: Readable, output: Writable) {
  let buffer = Buffer.alloc(0);
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  const waiting = new Map<string, (params: unknown) => void>();
  input.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString())?.[1]);
      if (buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString()) as {
        id?: number;
        result?: unknown;
        method?: string;
        params?: unknown;
      };
      buffer = buffer.subarray(headerEnd + 4 + length);
      if (message.id !== undefined) pending.get(message.id)?.(message.result);
      else if (message.method) waiting.get(message.method)?.(message.params);
    }
  });
  const send = (body: object) => {
    const json = JSON.stringify({ jsonrpc: "2.0", ...body });
    output.write(`Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
  };
  return {
    request: (method: string, params: unknown) =>
      new Promise<unknown>((r) => {
        const n = ++id;
        pending.set(n, r);
        send({ id: n, method, params });
      }),
    notify: (method: string, params?: unknown) => send({ method, params }),
    /** The next notification `method` the server sends. */
    next: (method: string) => new Promise<unknown>((r) => waiting.set(method, r)),
  };
}
