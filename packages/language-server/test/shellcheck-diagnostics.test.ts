import { findShellcheck } from "@enginekit/lint/files";
import { afterEach, describe, expect, it } from "vitest";
import type { Diagnostic } from "vscode-languageserver-protocol";
import { skipIf } from "../../../vitest.shared.js";
import { startTestClient, type TestClient } from "./lsp-harness.js";

const present = findShellcheck() !== undefined;
if (!present && process.env.CI) throw new Error("shellcheck is not on PATH (.ci/run installs it)");

const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

describe(
  "ShellCheck diagnostics (the real shellcheck, in the background)",
  skipIf(!present, "shellcheck is not on PATH"),
  () => {
    it("publishes the fast diagnostics first, then again with ShellCheck's findings for the same text", async () => {
      const t = await startTestClient({ diagnosticsDelayMs: 0 });
      clients.push(t);
      const uri = "file:///sc1/Enginefile";
      const first = t.nextDiagnostics(uri);
      const started = Date.now();
      await t.open(uri, "FROM debian:12\nRUN cd /x\n", "dockerfile");
      const fast = await first;
      expect(fast.map((d) => d.code)).not.toContain("shellcheck/SC2164");
      const fastMs = Date.now() - started;
      // other publications (settings arriving) may come first; ShellCheck's arrives within a few seconds
      let sc: Diagnostic | undefined;
      for (let i = 0; i < 10 && !sc; i++)
        sc = (await t.nextDiagnostics(uri)).find((d) => d.code === "shellcheck/SC2164");
      expect(sc?.range).toEqual({ start: { line: 1, character: 4 }, end: { line: 1, character: 9 } });
      expect(sc?.severity).toBe(2);
      expect(sc?.codeDescription?.href).toBe("https://www.shellcheck.net/wiki/SC2164");
      // the fast diagnostics did not wait for ShellCheck's quiet period and process
      expect(fastMs).toBeLessThan(Date.now() - started);
    });
  },
);
