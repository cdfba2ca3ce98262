/**
 * Integers beyond 2^53 (issue 29; docs/manifests.md "Integers beyond 2^53"): the real engine creates and
 * starts a container whose `HostConfig.Memory` is int64's maximum, and refuses one more; `enginekit lint`
 * agrees on the same manifest text. The body is sent as the manifest's JSON text, since a JavaScript
 * number cannot carry 9223372036854775807. Skips outside CI without ENGINE_HOST.
 */

import { writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

/** One request to the engine's unix socket; resolves to the status and the body text. */
function engine(method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const socketPath = (host ?? "").replace(/^unix:\/\//, "");
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath,
        method,
        path: `/v1.41${path}`,
        headers: body ? { "content-type": "application/json" } : {},
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("Memory at int64's maximum", skipIf(!host?.startsWith("unix://"), NEEDS_ENGINE), () => {
  it("the engine creates and starts it, refuses one more, and lint agrees", async () => {
    const max =
      '{"Image": "enginekit/busybox:latest", "Cmd": ["true"], "HostConfig": {"Memory": 9223372036854775807}}';
    const over = max.replace("9223372036854775807", "9223372036854775808");
    const created = await engine("POST", "/containers/create", max);
    expect(created.status).toBe(201);
    const id = (JSON.parse(created.text) as { Id: string }).Id;
    try {
      expect((await engine("POST", `/containers/${id}/start`)).status).toBe(204);
      expect((await engine("GET", `/containers/${id}/json`)).text).toContain('"Memory":9223372036854775807');
    } finally {
      await engine("DELETE", `/containers/${id}?force=true`);
    }
    const refused = await engine("POST", "/containers/create", over);
    // engine 20.10 answers a body it cannot decode with 500
    expect(refused.status).toBe(500);
    expect(refused.text).toContain("cannot unmarshal number 9223372036854775808");

    const root = tree({});
    writeFileSync(join(root, "max.container.json"), `${max}\n`);
    writeFileSync(join(root, "over.container.json"), `${over}\n`);
    expect((await runCaptured(["lint", "max.container.json"], {}, root)).code).toBe(0);
    const lint = await runCaptured(["lint", "over.container.json"], {}, root);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain("Memory must be an integer");
  }, 60_000);
});
