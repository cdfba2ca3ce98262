import { describe, expect, it } from "vitest";
import { CancellationTokenSource, ErrorCodes, ResponseError } from "vscode-languageserver";
import { safeHandler, safeNotification } from "../src/protocol/safe-handler.js";

describe("safeHandler (the one wrapper of every request handler)", () => {
  it("turns a throwing or rejecting feature into its empty result and one log line", async () => {
    const logged: string[] = [];
    const log = { error: (m: string) => logged.push(m) };
    const token = new CancellationTokenSource().token;
    const throwing = safeHandler("hover", log, null, () => {
      throw new TypeError("boom");
    });
    const rejecting = safeHandler("completion", log, [] as string[], async () =>
      Promise.reject(new Error("nope")),
    );
    expect(await throwing({}, token)).toBeNull();
    expect(await rejecting({}, token)).toEqual([]);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/^enginekit: hover failed: boom \(at /);
    expect(logged[1]).toMatch(/^enginekit: completion failed: nope/);
  });

  it("passes a ResponseError on to the client: it is the feature's answer (a refused rename), not a failure", async () => {
    const logged: string[] = [];
    const refusing = safeHandler("rename", { error: (m) => logged.push(m) }, null, () => {
      throw new ResponseError(ErrorCodes.InvalidRequest, 'cannot rename service "db"');
    });
    await expect(refusing({}, new CancellationTokenSource().token)).rejects.toThrow(
      'cannot rename service "db"',
    );
    expect(logged).toEqual([]);
  });

  it("does not run a request cancelled before it starts and drops the result of one cancelled while running", async () => {
    const source = new CancellationTokenSource();
    let ran = 0;
    const handler = safeHandler("x", { error: () => undefined }, "empty", async () => {
      ran++;
      source.cancel();
      return "result";
    });
    expect(await handler({}, source.token)).toBe("empty");
    expect(await handler({}, source.token)).toBe("empty");
    expect(ran).toBe(1);
  });

  it("logs notification failures instead of throwing", async () => {
    const logged: string[] = [];
    const n = safeNotification("didOpen", { error: (m) => logged.push(m) }, async () => {
      throw new Error("bad");
    });
    expect(() => n({})).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(logged).toEqual([expect.stringContaining("enginekit: didOpen failed: bad")]);
  });
});
