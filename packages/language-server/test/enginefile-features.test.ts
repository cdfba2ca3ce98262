import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestClient, type TestClient } from "./lsp-harness.js";

const URI = "file:///work/project/Enginefile";
const TEXT = [
  "# syntax=docker/dockerfile:1",
  "ARG BASE=alpine:3.20",
  "FROM $BASE AS build",
  "ENV APP=/app",
  "WORKDIR $APP",
  "RUN --mount=type=cache,target=/root/.cache echo hi",
  "HEALTHCHECK --interval=1m30s CMD true",
  "FROM alpine AS final",
  "COPY --from=build /app /app",
  "",
].join("\n");

let t: TestClient;
beforeAll(async () => {
  t = await startTestClient({ diagnosticsDelayMs: 0 });
  await t.open(URI, TEXT, "dockerfile");
});
afterAll(async () => t.close());

const pos = (line: number, character: number) => ({
  textDocument: { uri: URI },
  position: { line, character },
});

describe("Enginefile features over the protocol", () => {
  it("hovers an instruction keyword with its documentation", async () => {
    const hover = await t.request<{ contents: { value: string } }>("textDocument/hover", pos(3, 1));
    expect(hover.contents.value).toContain("**ENV**");
    expect(hover.contents.value).toContain("https://docs.docker.com/reference/dockerfile/#env");
  });

  it("hovers a variable with its resolved value", async () => {
    const hover = await t.request<{ contents: { value: string }; range: unknown }>(
      "textDocument/hover",
      pos(4, 10),
    );
    expect(hover.contents.value).toBe("`APP` = `/app` (env)");
    expect(hover.range).toEqual({ start: { line: 4, character: 9 }, end: { line: 4, character: 12 } });
  });

  it("hovers a HEALTHCHECK duration in plain units", async () => {
    const hover = await t.request<{ contents: { value: string } }>("textDocument/hover", pos(6, 16));
    expect(hover.contents.value).toContain("`1m30s` = 1 minute 30 seconds");
  });

  it("goes to the definition of a stage from COPY --from", async () => {
    const defs = await t.request<{ range: unknown }[]>("textDocument/definition", pos(8, 14));
    expect(defs).toEqual([
      { uri: URI, range: { start: { line: 2, character: 14 }, end: { line: 2, character: 19 } } },
    ]);
  });

  it("finds the references of a variable and renames them", async () => {
    const refs = await t.request<{ range: { start: { line: number } } }[]>("textDocument/references", {
      ...pos(3, 5),
      context: { includeDeclaration: true },
    });
    expect(refs.map((r) => r.range.start.line)).toEqual([3, 4]);
    const prepared = await t.request<{ placeholder: string }>("textDocument/prepareRename", pos(4, 10));
    expect(prepared.placeholder).toBe("APP");
    const edit = await t.request<{
      changes: Record<string, { newText: string; range: { start: { line: number; character: number } } }[]>;
    }>("textDocument/rename", { ...pos(4, 10), newName: "ROOT" });
    expect(edit.changes[URI]!.map((e) => [e.range.start.line, e.range.start.character, e.newText])).toEqual([
      [3, 4, "ROOT"],
      [4, 9, "ROOT"],
    ]);
  });

  it("lists stages with their instructions as document symbols", async () => {
    const symbols = await t.request<{ name: string; children?: { name: string }[] }[]>(
      "textDocument/documentSymbol",
      { textDocument: { uri: URI } },
    );
    expect(symbols.map((s) => s.name)).toEqual(["syntax", "ARG", "build", "final"]);
    expect(symbols[2]!.children!.map((c) => c.name)).toEqual([
      "FROM",
      "ENV",
      "WORKDIR",
      "RUN",
      "HEALTHCHECK",
    ]);
  });

  it("links the base image to its registry page", async () => {
    const links = await t.request<{ target: string; range: { start: { line: number } } }[]>(
      "textDocument/documentLink",
      { textDocument: { uri: URI } },
    );
    expect(links.map((l) => [l.range.start.line, l.target])).toEqual([
      [7, "https://hub.docker.com/_/alpine"],
    ]);
  });

  it("gives inlay hints with resolved values", async () => {
    const hints = await t.request<{ label: string; position: unknown }[]>("textDocument/inlayHint", {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } },
    });
    expect(hints.map((h) => [h.position, h.label])).toEqual([
      [{ line: 2, character: 10 }, " = alpine:3.20"],
      [{ line: 4, character: 12 }, " = /app"],
    ]);
  });

  it("answers semantic tokens full, delta and range with non-negative, increasing positions", async () => {
    const full = await t.request<{ resultId: string; data: number[] }>("textDocument/semanticTokens/full", {
      textDocument: { uri: URI },
    });
    expect(full.data.length % 5).toBe(0);
    expect(full.data.every((n) => n >= 0)).toBe(true);
    const delta = await t.request<{ edits: unknown[] }>("textDocument/semanticTokens/full/delta", {
      textDocument: { uri: URI },
      previousResultId: full.resultId,
    });
    expect(delta.edits).toEqual([]);
    const range = await t.request<{ data: number[] }>("textDocument/semanticTokens/range", {
      textDocument: { uri: URI },
      range: { start: { line: 3, character: 0 }, end: { line: 3, character: 20 } },
    });
    // ENV keyword, APP declaration
    expect(range.data).toEqual([3, 0, 3, 0, 0, 0, 4, 3, 5, 1]);
  });

  it("gives signature help with the flag being typed as active parameter", async () => {
    const help = await t.request<{ signatures: { label: string }[]; activeParameter: number }>(
      "textDocument/signatureHelp",
      pos(6, 16),
    );
    expect(help.signatures.map((s) => s.label)).toEqual([
      "HEALTHCHECK [--interval=…] [--timeout=…] [--start-period=…] [--start-interval=…] [--retries=…] CMD <command>",
      "HEALTHCHECK NONE",
    ]);
    expect(help.activeParameter).toBe(0);
  });

  it("highlights a stage's declaration and uses", async () => {
    const highlights = await t.request<{ range: { start: { line: number } }; kind: number }[]>(
      "textDocument/documentHighlight",
      pos(2, 16),
    );
    expect(highlights.map((h) => [h.range.start.line, h.kind])).toEqual([
      [2, 3],
      [8, 2],
    ]);
  });

  it("folds multi-line stages", async () => {
    const folds = await t.request<{ startLine: number; endLine: number }[]>("textDocument/foldingRange", {
      textDocument: { uri: URI },
    });
    expect(folds).toContainEqual({ startLine: 2, endLine: 6, kind: "region" });
  });
});

describe("CRLF and a byte order mark", () => {
  it("gives the same positions as LF files", async () => {
    const uri = "file:///work/crlf/Enginefile";
    await t.open(
      uri,
      "\uFEFFFROM alpine:3.20 AS build\r\nENV APP=/app\r\nWORKDIR $APP\r\nFROM build\r\n",
      "dockerfile",
    );
    const hover = await t.request<{ range: unknown }>("textDocument/hover", {
      textDocument: { uri },
      position: { line: 2, character: 10 },
    });
    expect(hover.range).toEqual({ start: { line: 2, character: 9 }, end: { line: 2, character: 12 } });
    const defs = await t.request<{ range: unknown }[]>("textDocument/definition", {
      textDocument: { uri },
      position: { line: 3, character: 6 },
    });
    expect(defs.map((d) => d.range)).toEqual([
      { start: { line: 0, character: 21 }, end: { line: 0, character: 26 } },
    ]);
    const edits = await t.request<unknown[]>("textDocument/formatting", {
      textDocument: { uri },
      options: { tabSize: 4, insertSpaces: true },
    });
    expect(edits).toEqual([]);
  });
});
