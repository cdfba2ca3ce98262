// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Enginefile text with ${…} variable references
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { Diagnostic } from "vscode-languageserver-protocol";
import { CLIENT_CAPABILITIES, startTestClient, type TestClient } from "./lsp-harness.js";

const TEXT = "from alpine:3.20\nMAINTAINER me\nWORKDIR app\n";
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});
async function client(settings: Record<string, unknown> = {}, capabilities = CLIENT_CAPABILITIES) {
  const t = await startTestClient({ diagnosticsDelayMs: 0, ...settings }, capabilities);
  clients.push(t);
  return t;
}
/** Waits until the server has read the client's settings (the harness gives diagnosticsDelayMs 0, default 200). */
async function settled(t: TestClient): Promise<TestClient> {
  for (let i = 0; i < 200 && t.server.settings().diagnosticsDelayMs !== 0; i++)
    await new Promise((r) => setTimeout(r, 10));
  return t;
}
const summary = (ds: Diagnostic[]) =>
  ds.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.code} ${d.severity}`);

describe("diagnostics", () => {
  it("link rule pages where the team hosts them (setting enginekit.ruleDocs), issue 30", async () => {
    for (const [ruleDocs, href] of [
      [
        "https://docs.example/enginekit/rules/",
        "https://docs.example/enginekit/rules/maintainer-deprecated.md",
      ],
      ["https://docs.example/r/{id}.html", "https://docs.example/r/maintainer-deprecated.html"],
    ]) {
      const t = await settled(await client({ ruleDocs }));
      const uri = `file:///docs-${clients.length}/Enginefile`;
      const published = t.nextDiagnostics(uri);
      await t.open(uri, TEXT, "dockerfile");
      const maintainer = (await published).find((d) => d.code === "maintainer-deprecated");
      expect(maintainer?.codeDescription?.href).toBe(href);
    }
    // a value that is not a URL is ignored, as every wrong setting is
    const t = await settled(await client({ ruleDocs: "docs/rules" }));
    const published = t.nextDiagnostics("file:///docs-bad/Enginefile");
    await t.open("file:///docs-bad/Enginefile", TEXT, "dockerfile");
    expect(
      (await published).find((d) => d.code === "maintainer-deprecated")?.codeDescription,
    ).toBeUndefined();
  });

  it("publishes lint findings with rule id, docs link, source, tags and the fix in data", async () => {
    const t = await client();
    const uri = "file:///d1/Enginefile";
    const published = t.nextDiagnostics(uri);
    await t.open(uri, TEXT, "dockerfile");
    const ds = await published;
    expect(summary(ds)).toEqual([
      "0:0 instruction-casing 4",
      "1:0 maintainer-deprecated 2",
      "2:8 relative-workdir 2",
    ]);
    const maintainer = ds[1]!;
    expect(maintainer.source).toBe("enginekit");
    // run from the sources, no rule pages are installed beside the server: no link rather than a dead one
    // (the installed package links its own pages: tools/pack/test/pack-install.test.ts)
    expect(maintainer.codeDescription).toBeUndefined();
    expect(maintainer.tags).toEqual([2]);
    expect(maintainer.data).toEqual({
      fix: {
        title: "Replace with a LABEL",
        edits: [
          {
            range: { start: { line: 1, character: 0 }, end: { line: 1, character: 13 } },
            newText: 'LABEL org.opencontainers.image.authors="me"',
          },
        ],
      },
    });
  });

  it("publishes an opened document at once, whatever the debounce delay", async () => {
    const t = await client({ diagnosticsDelayMs: 60_000 });
    const uri = "file:///d2a/Enginefile";
    const published = t.nextDiagnostics(uri);
    await t.open(uri, TEXT, "dockerfile");
    const timeout = new Promise<"timed out">((r) => setTimeout(() => r("timed out"), 2_000).unref());
    const ds = await Promise.race([published, timeout]);
    expect(ds === "timed out" ? ds : summary(ds)).toEqual([
      "0:0 instruction-casing 4",
      "1:0 maintainer-deprecated 2",
      "2:8 relative-workdir 2",
    ]);
  });

  it("debounces: several quick incremental edits give one publication for the last version, parsed once", async () => {
    const t = await client({ diagnosticsDelayMs: 100 });
    const uri = "file:///d2/Enginefile";
    const opened = t.nextDiagnostics(uri);
    await t.open(uri, "FROM alpine:3.20\n", "dockerfile");
    await opened; // the first publication is not debounced
    const publicationsBefore = t.publications.get(uri) ?? 0;
    const parsesBefore = t.server.cache.parses;
    for (let v = 2; v <= 6; v++)
      await t.client.sendNotification("textDocument/didChange", {
        textDocument: { uri, version: v },
        contentChanges: [
          {
            range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
            text: "WORKDIR app\n",
          },
        ],
      });
    await new Promise((r) => setTimeout(r, 400));
    expect((t.publications.get(uri) ?? 0) - publicationsBefore).toBe(1);
    expect(t.diagnostics.get(uri)).toHaveLength(5);
    expect(t.server.documents.get(uri)?.getText()).toBe(`FROM alpine:3.20\n${"WORKDIR app\n".repeat(5)}`);
    expect(t.server.cache.parses - parsesBefore).toBe(1);
  });

  it("follows rule severities from didChangeConfiguration", async () => {
    const t = await client();
    const uri = "file:///d3/Enginefile";
    const first = t.nextDiagnostics(uri);
    await t.open(uri, TEXT, "dockerfile");
    await first;
    const next = t.nextDiagnostics(uri);
    await t.client.sendNotification("workspace/didChangeConfiguration", {
      settings: {
        enginekit: {
          diagnosticsDelayMs: 0,
          rules: { "relative-workdir": "off", "maintainer-deprecated": "error" },
        },
      },
    });
    expect(summary(await next)).toEqual(["0:0 instruction-casing 4", "1:0 maintainer-deprecated 1"]);
  });

  it("reads .enginekit.yaml like enginekit lint and re-reads it when it changes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-lsp-config-"));
    writeFileSync(join(dir, ".enginekit.yaml"), "rules:\n  instruction-casing: off\n");
    const uri = pathToFileURL(join(dir, "Enginefile")).href;
    const t = await client();
    const first = t.nextDiagnostics(uri);
    await t.open(uri, TEXT, "dockerfile");
    expect(summary(await first)).toEqual(["1:0 maintainer-deprecated 2", "2:8 relative-workdir 2"]);
    writeFileSync(
      join(dir, ".enginekit.yaml"),
      "rules:\n  instruction-casing: error\n  relative-workdir: off\n",
    );
    const next = t.nextDiagnostics(uri);
    await t.client.sendNotification("workspace/didChangeWatchedFiles", {
      changes: [{ uri: pathToFileURL(join(dir, ".enginekit.yaml")).href, type: 2 }],
    });
    expect(summary(await next)).toEqual(["0:0 instruction-casing 1", "1:0 maintainer-deprecated 2"]);
  });

  it("watches the configuration file on disk itself (clients without file watching)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-lsp-watch-"));
    writeFileSync(join(dir, ".enginekit.yaml"), "rules:\n  relative-workdir: off\n");
    const uri = pathToFileURL(join(dir, "Enginefile")).href;
    const t = await client();
    const first = t.nextDiagnostics(uri);
    await t.open(uri, TEXT, "dockerfile");
    expect(summary(await first)).toEqual(["0:0 instruction-casing 4", "1:0 maintainer-deprecated 2"]);
    const next = t.nextDiagnostics(uri);
    writeFileSync(join(dir, ".enginekit.yaml"), "rules:\n  maintainer-deprecated: off\n");
    expect(summary(await next)).toEqual(["0:0 instruction-casing 4", "2:8 relative-workdir 2"]);
  });

  it("applies the project's trusted registries and .engineignore like enginekit lint", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-lsp-options-"));
    writeFileSync(join(dir, ".enginekit.yaml"), "trustedRegistries: [ghcr.io]\n");
    writeFileSync(join(dir, ".engineignore"), "secret.txt\n");
    const uri = pathToFileURL(join(dir, "Enginefile")).href;
    const t = await client();
    const published = t.nextDiagnostics(uri);
    await t.open(uri, "FROM alpine:3.20\nCOPY secret.txt /etc/\n", "dockerfile");
    expect(summary(await published).map((s) => s.split(" ")[1])).toEqual([
      "trusted-registry",
      "copy-ignored-file",
    ]);
  });

  it("reports a broken configuration once, with file, line and column, and lints with the defaults", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-lsp-bad-config-"));
    writeFileSync(join(dir, ".enginekit.yaml"), "rules:\n  no-such-rule: error\n");
    const t = await client();
    for (const name of ["Enginefile", "b.Enginefile"]) {
      const uri = pathToFileURL(join(dir, name)).href;
      const published = t.nextDiagnostics(uri);
      await t.open(uri, TEXT, "dockerfile");
      expect(await published).toHaveLength(3);
    }
    expect(t.messages.map((m) => m.message)).toEqual([
      `enginekit: ${join(dir, ".enginekit.yaml")}:2:3: unknown rule "no-such-rule" (see enginekit lint --list-rules)`,
    ]);
  });

  it("treats files named by the project's manifests globs as manifests", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-lsp-globs-"));
    writeFileSync(join(dir, ".enginekit.yaml"), "manifests: ['deploy/*.yaml']\n");
    const uri = pathToFileURL(join(dir, "deploy", "web.yaml")).href;
    const t = await client();
    const published = t.nextDiagnostics(uri);
    await t.open(uri, "kind: container\nImage: alpine\nHostConfig:\n  Memroy: 1\n", "yaml");
    expect(summary(await published)).toEqual(["3:2 manifest/unknown-key 1"]);
  });

  it("answers pull diagnostics when the client supports them", async () => {
    const t = await client(
      {},
      { ...CLIENT_CAPABILITIES, textDocument: { ...CLIENT_CAPABILITIES.textDocument, diagnostic: {} } },
    );
    const uri = "file:///d5/Enginefile";
    await t.open(uri, TEXT, "dockerfile");
    const report = await t.request<{ kind: string; items: Diagnostic[] }>("textDocument/diagnostic", {
      textDocument: { uri },
    });
    expect(report.kind).toBe("full");
    expect(summary(report.items)).toEqual([
      "0:0 instruction-casing 4",
      "1:0 maintainer-deprecated 2",
      "2:8 relative-workdir 2",
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(t.diagnostics.has(uri)).toBe(false);
  });
});

describe("related information", () => {
  it("points a duplicate stage name at the first declaration", async () => {
    const t = await client();
    const uri = "file:///d9/Enginefile";
    const published = t.nextDiagnostics(uri);
    await t.open(uri, "FROM alpine:3.20 AS build\nFROM alpine:3.20 AS build\n", "dockerfile");
    const duplicate = (await published).find((d) => d.code === "duplicate-stage-name")!;
    expect(duplicate.relatedInformation).toEqual([
      {
        location: { uri, range: { start: { line: 0, character: 20 }, end: { line: 0, character: 25 } } },
        message: 'stage "build" is first declared here',
      },
    ]);
  });
});

describe("code actions", () => {
  it("offers the rule's quick fix and an ignore comment above the instruction", async () => {
    const t = await client();
    const uri = "file:///d6/Enginefile";
    const published = t.nextDiagnostics(uri);
    await t.open(uri, "FROM alpine:3.20\n  MAINTAINER me\n", "dockerfile");
    const ds = await published;
    const d = ds.find((x) => x.code === "maintainer-deprecated")!;
    const actions = await t.request<
      { title: string; isPreferred?: boolean; edit: { changes: Record<string, unknown[]> } }[]
    >("textDocument/codeAction", {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [{ ...d, data: undefined }] },
    });
    expect(actions.map((a) => [a.title, a.isPreferred ?? false])).toEqual([
      ["Replace with a LABEL", true],
      ["Ignore maintainer-deprecated here", false],
    ]);
    expect(actions[1]!.edit.changes[uri]).toEqual([
      {
        range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
        newText: "  # enginekit-ignore maintainer-deprecated\n",
      },
    ]);
  });

  it("quick-fixes every did-you-mean: flags, instructions, mount types and options, stage names, variables", async () => {
    const t = await client();
    const uri = "file:///d9/Enginefile";
    const text = [
      "FROM alpine:3.20 AS build",
      "ARG VERSION=1",
      "COPPY a b",
      "COPY --form=build /a /b",
      "RUN --mount=type=cahce,target=/c true",
      "RUN --mount=type=cache,taget=/c true",
      "WORKDIR /${VERSON}",
      "",
    ].join("\n");
    const published = t.nextDiagnostics(uri);
    await t.open(uri, text, "dockerfile");
    const ds = await published;
    const fixed: string[] = [];
    for (const d of ds.filter((x) => String(x.message).includes("Did you mean"))) {
      const actions = await t.request<
        {
          title: string;
          isPreferred?: boolean;
          edit: {
            changes: Record<
              string,
              {
                newText: string;
                range: { start: { line: number; character: number }; end: { character: number } };
              }[]
            >;
          };
        }[]
      >("textDocument/codeAction", { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
      const fix = actions.find((a) => a.isPreferred)!;
      const edit = fix.edit.changes[uri]![0]!;
      const line = text.split("\n")[edit.range.start.line]!;
      fixed.push(
        line.slice(0, edit.range.start.character) + edit.newText + line.slice(edit.range.end.character),
      );
    }
    expect(fixed.sort()).toEqual(
      [
        "COPY a b",
        "COPY --from=build /a /b",
        "RUN --mount=type=cache,target=/c true",
        "RUN --mount=type=cache,target=/c true",
        "WORKDIR /${VERSION}",
      ].sort(),
    );
  });

  it("the ignore comment really silences the rule", async () => {
    const t = await client();
    const uri = "file:///d7/Enginefile";
    const published = t.nextDiagnostics(uri);
    await t.open(
      uri,
      "FROM alpine:3.20\n# enginekit-ignore maintainer-deprecated\nMAINTAINER me\n",
      "dockerfile",
    );
    expect(await published).toEqual([]);
  });
});

describe("formatting", () => {
  it("formats with the canonical printer, by document, range and on type", async () => {
    const t = await client();
    const uri = "file:///d8/Enginefile";
    await t.open(uri, "from   alpine:3.20\n  run echo a \\\n echo b\ncopy  a   b\n", "dockerfile");
    const options = { tabSize: 2, insertSpaces: true };
    const all = await t.request<{ range: { start: { line: number } }; newText: string }[]>(
      "textDocument/formatting",
      { textDocument: { uri }, options },
    );
    expect(all.map((e) => [e.range.start.line, e.newText])).toEqual([
      [0, "FROM"],
      [0, " "],
      [1, ""],
      [1, "RUN"],
      [2, "  "],
      [3, "COPY"],
      [3, " "],
      [3, " "],
    ]);
    const range = await t.request<unknown[]>("textDocument/rangeFormatting", {
      textDocument: { uri },
      range: { start: { line: 3, character: 0 }, end: { line: 3, character: 3 } },
      options,
    });
    expect(range).toHaveLength(3);
    const onType = await t.request<unknown[]>("textDocument/onTypeFormatting", {
      textDocument: { uri },
      position: { line: 1, character: 15 },
      ch: "\\",
      options,
    });
    expect(onType).toHaveLength(3);
  });

  it("on-type formatting after a newline: continuation lines indented, new instructions at column 0", async () => {
    const t = await client();
    const onNewline = async (text: string, line: number, options = { tabSize: 2, insertSpaces: true }) => {
      const uri = `file:///ontype/${line}/${text.length}/Enginefile`;
      await t.open(uri, text, "dockerfile");
      return t.request<{ range: unknown; newText: string }[]>("textDocument/onTypeFormatting", {
        textDocument: { uri },
        position: { line, character: 0 },
        ch: "\n",
        options,
      });
    };
    expect(await onNewline("FROM alpine\nRUN apt-get update \\\n", 2)).toEqual([
      { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, newText: "  " },
    ]);
    expect(await onNewline("FROM alpine\nRUN a \\\n    ", 2, { tabSize: 4, insertSpaces: false })).toEqual([
      { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 4 } }, newText: "\t" },
    ]);
    // inside a nested script the new line keeps the level of the continuation line before it
    expect(await onNewline("FROM alpine\nRUN if true; then \\\n    echo a; \\\n    ", 3)).toEqual([]);
    expect(await onNewline("FROM alpine\nRUN if true; then \\\n\t\techo a; \\\n  ", 3)).toEqual([
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 2 } }, newText: "\t\t" },
    ]);
    expect(await onNewline("FROM alpine\n    ", 1)).toEqual([
      { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } }, newText: "" },
    ]);
    expect(await onNewline("FROM alpine\nRUN <<EOF\n  x\n  ", 3)).toEqual([]);
  });
});

describe("ignore files", () => {
  it("publishes the ignore-file rules' findings, with the file's folder as the build context", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ek-lsp-ignore-"));
    writeFileSync(join(dir, "Dockerfile"), "FROM alpine:3.20\n");
    writeFileSync(join(dir, "xyz"), "");
    const text = "x|*.md\nnode_module\n[]a]\n";
    writeFileSync(join(dir, ".dockerignore"), text);
    const t = await client();
    const uri = pathToFileURL(join(dir, ".dockerignore")).href;
    const published = t.nextDiagnostics(uri);
    await t.open(uri, text, "ignore");
    const ds = await published;
    expect(summary(ds)).toEqual([
      "0:0 ignore-pattern-regexp 2",
      "1:0 ignore-pattern-unmatched 3",
      "2:0 ignore-pattern-syntax 1",
    ]);
    expect(ds[0]!.message).toContain('In this build context it matches "xyz".');
  });
});

describe("manifests: the project's API version", () => {
  it("checks a manifest against .enginekit.yaml's apiVersion, as enginekit lint does", async () => {
    const text = "Image: alpine:3.20\nStopTimeout: 30\n";
    const older = mkdtempSync(join(tmpdir(), "ek-lsp-api-"));
    writeFileSync(join(older, "web.container.yaml"), text);
    const newer = mkdtempSync(join(tmpdir(), "ek-lsp-api-"));
    writeFileSync(join(newer, ".enginekit.yaml"), 'apiVersion: "1.41"\n');
    writeFileSync(join(newer, "web.container.yaml"), text);
    const t = await client();
    const at = async (dir: string) => {
      const uri = pathToFileURL(join(dir, "web.container.yaml")).href;
      const published = t.nextDiagnostics(uri);
      await t.open(uri, text, "yaml");
      return (await published).map((d) => d.code);
    };
    expect(await at(older)).toContain("manifest/api-version");
    expect(await at(newer)).not.toContain("manifest/api-version");
  });
});
