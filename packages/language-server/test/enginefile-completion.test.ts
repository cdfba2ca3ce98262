// biome-ignore-all lint/suspicious/noTemplateCurlyInString: LSP snippets and Enginefile variables
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atCursor, startTestClient, type TestClient } from "./lsp-harness.js";

let t: TestClient;
let n = 0;
beforeAll(async () => {
  t = await startTestClient({ diagnosticsDelayMs: 10_000 });
});
afterAll(async () => t.close());

type Item = {
  label: string;
  sortText?: string;
  insertTextFormat?: number;
  textEdit?: { newText: string };
  detail?: string;
  command?: unknown;
  tags?: number[];
};

/** Completes at the `|` in `text` (an Enginefile). */
async function complete(text: string): Promise<Item[]> {
  const { text: source, position } = atCursor(text);
  const uri = `file:///work/c${++n}/Enginefile`;
  await t.open(uri, source, "dockerfile");
  return t.request<Item[]>("textDocument/completion", {
    textDocument: { uri },
    position,
  });
}

const labels = (items: Item[]) => items.map((i) => i.label);

/**
 * The labels in the order a client shows them when nothing is typed: by `sortText`, the label when there
 * is none (LSP 3.17 `CompletionItem.sortText`; VS Code, Neovim and eglot all sort so).
 */
const shown = (items: Item[]) =>
  items
    .map((i) => ({ label: i.label, key: i.sortText ?? i.label }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((i) => i.label);

describe("Enginefile completion", () => {
  it("offers every instruction with a snippet at a keyword position, MAINTAINER tagged deprecated", async () => {
    const items = await complete("FROM alpine\nR|");
    expect(labels(items)).toEqual([
      "RUN",
      "COPY",
      "ENV",
      "WORKDIR",
      "ARG",
      "CMD",
      "ENTRYPOINT",
      "EXPOSE",
      "USER",
      "LABEL",
      "ADD",
      "FROM",
      "VOLUME",
      "HEALTHCHECK",
      "SHELL",
      "STOPSIGNAL",
      "ONBUILD",
      "MAINTAINER",
    ]);
    const run = items.find((i) => i.label === "RUN")!;
    expect(run.textEdit?.newText).toBe("RUN ${1:command}");
    expect(run.insertTextFormat).toBe(2);
    expect(items.find((i) => i.label === "MAINTAINER")!.tags).toEqual([1]);
  });

  it("ranks instructions by what people write: FROM first in an empty file, RUN first in a stage, MAINTAINER last", async () => {
    const empty = shown(await complete("|"));
    expect(empty.slice(0, 2)).toEqual(["FROM", "ARG"]);
    // then the other instructions, MAINTAINER last of them, then whole directive lines (`# syntax=` …)
    expect(empty.filter((l) => !l.startsWith("#")).at(-1)).toBe("MAINTAINER");
    expect(empty.at(-1)?.startsWith("#")).toBe(true);
    expect(shown(await complete("# a comment\nARG BASE=alpine\n|")).slice(0, 2)).toEqual(["FROM", "ARG"]);
    const inStage = shown(await complete("FROM alpine\n|\n"));
    expect(inStage.slice(0, 6)).toEqual(["RUN", "COPY", "ENV", "WORKDIR", "ARG", "CMD"]);
    expect(inStage.at(-1)).toBe("MAINTAINER");
    // VS Code shows 12 rows: RUN, COPY and ENV among them, MAINTAINER not
    expect(inStage.slice(0, 12)).not.toContain("MAINTAINER");
    expect(shown(await complete("FROM alpine\nONBUILD |")).slice(0, 3)).toEqual(["RUN", "COPY", "ENV"]);
  });

  it("completes parser directives and their values at the top", async () => {
    expect(labels(await complete("# |\nFROM alpine"))).toEqual(["syntax", "escape", "check"]);
    expect(labels(await complete("# syntax=|\nFROM alpine"))).toEqual([
      "docker/dockerfile:1",
      "docker/dockerfile:1-labs",
    ]);
  });

  it("completes RUN flags, then --mount keys per type and their values", async () => {
    expect(labels(await complete("FROM alpine\nRUN --|"))).toEqual([
      "--mount",
      "--network",
      "--security",
      "--device",
    ]);
    expect(labels(await complete("FROM alpine\nRUN --mount=|"))).toContain("type");
    expect(labels(await complete("FROM alpine\nRUN --mount=type=|"))).toEqual([
      "bind",
      "cache",
      "tmpfs",
      "secret",
      "ssh",
    ]);
    expect(labels(await complete("FROM alpine\nRUN --mount=type=cache,|"))).toEqual([
      "target",
      "source",
      "from",
      "id",
      "ro",
      "sharing",
      "mode",
      "uid",
      "gid",
    ]);
    expect(labels(await complete("FROM alpine\nRUN --mount=type=cache,sharing=|"))).toEqual([
      "shared",
      "private",
      "locked",
    ]);
    expect(labels(await complete("FROM alpine\nRUN --mount=type=secret,|"))).toEqual([
      "target",
      "id",
      "mode",
      "uid",
      "gid",
      "env",
      "required",
    ]);
    expect(labels(await complete("FROM alpine\nRUN --network=|"))).toEqual(["default", "none", "host"]);
    expect(labels(await complete("FROM alpine\nRUN --security=|"))).toEqual(["sandbox", "insecure"]);
  });

  it("completes COPY/ADD/HEALTHCHECK flags, not flags already given", async () => {
    expect(labels(await complete("FROM alpine\nCOPY --link --|"))).toEqual([
      "--from",
      "--chown",
      "--chmod",
      "--parents",
      "--exclude",
    ]);
    expect(labels(await complete("FROM alpine\nADD --|"))).toEqual([
      "--chown",
      "--chmod",
      "--link",
      "--exclude",
      "--checksum",
      "--keep-git-dir",
      "--unpack",
    ]);
    expect(labels(await complete("FROM alpine\nHEALTHCHECK --|"))).toEqual([
      "--interval",
      "--timeout",
      "--start-period",
      "--start-interval",
      "--retries",
    ]);
    expect(labels(await complete("FROM alpine\nHEALTHCHECK --interval=10s |"))).toEqual(["CMD", "NONE"]);
  });

  it("completes stage names declared before, after --from= and in FROM", async () => {
    const text = "FROM alpine AS build\nFROM alpine AS test\nCOPY --from=|\nFROM alpine AS late\n";
    expect(labels(await complete(text))).toEqual(["build", "test"]);
    expect(labels(await complete("FROM alpine AS base\nFROM |"))).toEqual(["base"]);
    expect(labels(await complete("FROM alpine AS base\nRUN --mount=from=|"))).toEqual(["base"]);
  });

  it("completes variables in scope with their resolved values after $ and ${", async () => {
    const items = await complete("ARG V=1\nFROM alpine\nARG V\nENV HOME_DIR=/home/$V\nRUN echo ${|");
    const byLabel = Object.fromEntries(items.map((i) => [i.label, i]));
    expect(byLabel.HOME_DIR?.detail).toBe("env = /home/1");
    expect(byLabel.V?.detail).toBe("global-arg = 1");
    expect(byLabel.HOME_DIR?.textEdit?.newText).toBe("HOME_DIR}");
    // automatic platform ARGs are visible in FROM, but in a stage only when declared (BuildKit)
    expect(labels(items)).not.toContain("TARGETPLATFORM");
    expect(labels(await complete("FROM --platform=$|BUILDPLATFORM alpine"))).toContain("BUILDPLATFORM");
  });

  it("completes STOPSIGNAL names and nothing inside a heredoc body", async () => {
    const signals = labels(await complete("FROM alpine\nSTOPSIGNAL |"));
    expect(signals).toContain("SIGTERM");
    expect(signals).toContain("SIGRTMIN+3");
    expect(await complete("FROM alpine\nRUN <<EOF\n--|\nEOF\n")).toEqual([]);
  });

  it("completes instructions on an empty or blank line, at column 0 and at the end of the file", async () => {
    for (const text of [
      "FROM alpine\n|",
      "FROM alpine\n|\nRUN x\n",
      "FROM alpine\n   |\nRUN x\n",
      "FROM alpine\nRUN x\n\t|",
      "FROM alpine AS b\nCOPY . /\n\n|",
      "FROM alpine\nRUN <<EOF\nx\nEOF\n|",
    ])
      expect(labels(await complete(text)), JSON.stringify(text)).toContain("RUN");
    // a continuation line is not a keyword position
    expect(labels(await complete("FROM alpine\nRUN apt-get update \\\n  |"))).not.toContain("RUN");
  });

  it("offers the directives with the instructions on a blank line at the top", async () => {
    const items = labels(await complete("|"));
    expect(items).toContain("FROM");
    expect(items).toContain("# syntax=");
    expect(labels(await complete("FROM alpine\n|"))).not.toContain("# syntax=");
  });

  it("replaces the whole variable name inside ${…} and closes the brace only when needed", async () => {
    const env = "FROM alpine\nENV APP_NAME=a\n";
    const edit = async (line: string) => {
      const items = await complete(env + line);
      return (
        items.find((i) => i.label === "APP_NAME") as Item & {
          textEdit: { newText: string; range: { start: { character: number }; end: { character: number } } };
        }
      ).textEdit;
    };
    expect(await edit("RUN echo ${APP_|")).toEqual({
      newText: "APP_NAME}",
      range: { start: { line: 2, character: 11 }, end: { line: 2, character: 15 } },
    });
    expect(await edit("RUN echo ${APP_|NAME} x")).toEqual({
      newText: "APP_NAME",
      range: { start: { line: 2, character: 11 }, end: { line: 2, character: 19 } },
    });
    expect((await edit("RUN echo ${AP|:-x}")).newText).toBe("APP_NAME");
    expect(labels(await complete(`${env}RUN echo \${APP_NAME:|`))).toEqual([":-", ":+", ":?"]);
    expect(labels(await complete(`${env}RUN echo \${OTHER:-$|}`))).toContain("APP_NAME");
  });

  it("offers no stage names where an image tag or digest is typed", async () => {
    expect(await complete("FROM alpine AS base\nFROM debian:|")).toEqual([]);
    expect(await complete("FROM alpine AS base\nFROM debian@|")).toEqual([]);
    expect(labels(await complete("FROM alpine AS base\nFROM b|"))).toEqual(["base"]);
  });

  it("leaves instruction docs to completionItem/resolve when the client resolves them", async () => {
    const c = await startTestClient(
      { diagnosticsDelayMs: 10_000 },
      {
        textDocument: {
          completion: {
            completionItem: { snippetSupport: true, resolveSupport: { properties: ["documentation"] } },
          },
        },
      },
    );
    try {
      const uri = "file:///resolve/Enginefile";
      await c.open(uri, "FROM alpine\n", "dockerfile");
      const items = await c.request<(Item & { documentation?: unknown; data?: unknown })[]>(
        "textDocument/completion",
        {
          textDocument: { uri },
          position: { line: 1, character: 0 },
        },
      );
      const run = items.find((i) => i.label === "RUN")!;
      expect(run.documentation).toBeUndefined();
      const resolved = await c.request<{ documentation: { value: string } }>("completionItem/resolve", run);
      expect(resolved.documentation.value).toContain("RUN");
      expect(resolved.documentation.value).toContain("```");
      // a client without resolve gets the docs in the list
      const inline = await complete("FROM alpine\n|");
      expect(
        (inline.find((i) => i.label === "RUN") as { documentation?: unknown }).documentation,
      ).toBeDefined();
    } finally {
      await c.close();
    }
  });

  it("answers selectionRange: word, instruction, stage, document, each containing the one before", async () => {
    const uri = "file:///selection/Enginefile";
    await t.open(
      uri,
      "FROM alpine AS b\nARG V=1\nRUN --mount=type=cache,target=/c echo ${V}\n",
      "dockerfile",
    );
    type Sel = {
      range: { start: { line: number; character: number }; end: { line: number; character: number } };
      parent?: Sel;
    };
    const [sel] = await t.request<Sel[]>("textDocument/selectionRange", {
      textDocument: { uri },
      positions: [{ line: 2, character: 41 }],
    });
    const chain: string[] = [];
    for (let s: Sel | undefined = sel; s; s = s.parent)
      chain.push(
        `${s.range.start.line}:${s.range.start.character}-${s.range.end.line}:${s.range.end.character}`,
      );
    expect(chain).toEqual(["2:38-2:42", "2:33-2:42", "2:0-2:42", "0:0-2:42", "0:0-3:0"]);
  });
});
