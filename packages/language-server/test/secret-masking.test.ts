// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Enginefile text with ${…} variable references
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestClient, type TestClient } from "./lsp-harness.js";
import { METHODS, paramsFor } from "./request-methods.js";

/** The planted secret values: none may appear in any response (#14 "Secrets never shown anywhere"). */
const PLANTED = ["hunter2", "tok-4f9e1c", "s3cr3t-label", "pw-legacy-77"];

/** Fixtures: each form of assignment the masking rule knows, and uses of the values the server resolves. */
const FIXTURES: { uri: string; languageId: string; text: string }[] = [
  {
    uri: "file:///masking/Enginefile",
    languageId: "dockerfile",
    text: [
      "FROM alpine:3.20 AS build",
      "ENV DB_PASSWORD=hunter2",
      'ARG API_TOKEN="tok-4f9e1c"',
      "ENV LEGACY_PASSWORD pw-legacy-77",
      "ENV URL=postgres://app:${DB_PASSWORD}@db/app",
      'RUN echo $DB_PASSWORD $API_TOKEN && curl -H "x: ${API_TOKEN}" $URL',
      "LABEL api_key=s3cr3t-label",
      "HEALTHCHECK CMD check --password=$DB_PASSWORD",
      "FROM build",
      "RUN echo ${LEGACY_PASSWORD:-none}",
    ].join("\n"),
  },
  {
    uri: "file:///masking/web.container.yaml",
    languageId: "yaml",
    text: [
      "Image: alpine:3.20",
      "Env:",
      "  - DB_PASSWORD=hunter2",
      "Labels:",
      "  api_key: s3cr3t-label",
      "  token: tok-4f9e1c",
    ].join("\n"),
  },
];

/** The response as JSON without the `newText` of edits (they write the document's own text back into it). */
function shown(value: unknown): string {
  return JSON.stringify(value, (key, v) => (key === "newText" ? undefined : v)) ?? "";
}

let t: TestClient;
beforeAll(async () => {
  t = await startTestClient({ diagnosticsDelayMs: 0 });
});
afterAll(async () => t.close());

describe("secret values never reach the editor", () => {
  it("appear in no response of any method at any position, nor in diagnostics, messages or logs", async () => {
    const seen: string[] = [];
    for (const f of FIXTURES) {
      const published = t.nextDiagnostics(f.uri);
      await t.open(f.uri, f.text, f.languageId);
      seen.push(shown(await published));
      const lines = f.text.split("\n");
      for (const [line, text] of lines.entries())
        for (let character = 0; character <= text.length; character++)
          for (const method of METHODS) {
            const params = paramsFor(f.uri, { line, character });
            params.range = { start: { line, character: 0 }, end: { line, character } };
            seen.push(shown(await t.request(method, params)));
          }
      seen.push(
        shown(
          await t.request("textDocument/inlayHint", {
            textDocument: { uri: f.uri },
            range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } },
          }),
        ),
      );
      seen.push(shown(await t.request("textDocument/diagnostic", { textDocument: { uri: f.uri } })));
    }
    seen.push(shown(t.messages), shown(t.logs));
    const all = seen.join("\n");
    // the fixtures are exercised: hover resolves the variables (masked) and symbols name the instructions
    expect(all).toContain("`DB_PASSWORD` = `*******` (env)");
    expect(all).toContain("LABEL");
    for (const value of PLANTED) expect(all, value).not.toContain(value);
  }, 60_000);
});
