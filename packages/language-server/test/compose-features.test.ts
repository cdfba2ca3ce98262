// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Compose text with ${…} interpolation
/**
 * Compose language features over the real protocol (src/kinds/compose/): completion of keys from the Compose
 * schema with their documentation and of values (enums and listed options, the project's names, `build.target`
 * stages from the service's Dockerfile, paths), hover with the schema's and the engine field's documentation,
 * inlay hints for interpolated values (secrets masked) and engine units, and the did-you-mean quick fix — on
 * a project written to a temporary folder, with exact items and ranges.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  Hover,
  InlayHint,
} from "vscode-languageserver-protocol";
import { atCursor, startTestClient, type TestClient } from "./lsp-harness.js";

const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});
const root = mkdtempSync(join(tmpdir(), "enginekit-lsp-compose-features-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
/** A project folder with `files` (path → text) written in it; returns its path. */
function project(files: Record<string, string>): string {
  const dir = join(root, `p${++folders}`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Opens `compose.yaml` of `dir` with `text` (a `|` marks the cursor) and waits for its first diagnostics. */
async function open(dir: string, text: string) {
  const t = await startTestClient({ diagnosticsDelayMs: 0 });
  clients.push(t);
  const { text: source, position } = atCursor(text.includes("|") ? text : `${text}|`);
  const uri = pathToFileURL(join(dir, "compose.yaml")).href;
  const diagnostics = t.nextDiagnostics(uri);
  await t.open(uri, source, "dockercompose");
  return { t, uri, position, diagnostics: await diagnostics };
}

async function complete(dir: string, text: string): Promise<CompletionItem[]> {
  const { t, uri, position } = await open(dir, text);
  return t.request<CompletionItem[]>("textDocument/completion", { textDocument: { uri }, position });
}

const labels = (items: CompletionItem[]) => items.map((i) => i.label);

describe("completion", () => {
  const dir = project({
    "app/Dockerfile": "FROM alpine AS base\nRUN true\nFROM base AS Build\nFROM scratch\n",
    "app/src/main.c": "",
    "env/common.env": "A=1\n",
    "docs/readme.md": "",
  });
  const top = "networks:\n  front: {}\n  back: {}\nsecrets:\n  db_pw:\n    file: ./pw.txt\n";

  it("offers the schema's keys of a service, with their documentation, minus those present", async () => {
    const items = await complete(dir, "services:\n  web:\n    image: nginx\n    hea|\n");
    const healthcheck = items.find((i) => i.label === "healthcheck");
    expect(healthcheck).toEqual({
      label: "healthcheck",
      kind: 10,
      documentation: {
        kind: "markdown",
        value: "**healthcheck**\n\nConfigure a health check for the container to monitor its health status.",
      },
      sortText: "0healthcheck",
      textEdit: {
        range: { start: { line: 3, character: 4 }, end: { line: 3, character: 7 } },
        newText: "healthcheck: ",
      },
    });
    expect(labels(items)).toContain("blkio_config");
    expect(labels(items)).not.toContain("image");
    expect(labels(items)).not.toContain("x-");
  });

  it("offers the keys of a nested mapping (build) from the schema", async () => {
    const items = await complete(dir, "services:\n  web:\n    build:\n      con|\n");
    expect(labels(items)).toEqual(expect.arrayContaining(["context", "dockerfile", "target", "args"]));
    expect(labels(items)).not.toContain("healthcheck");
  });

  it("offers the options the schema lists for restart, quoted where YAML would read them otherwise", async () => {
    const items = await complete(dir, "services:\n  web:\n    image: nginx\n    restart: |\n");
    expect(
      items.map((i) => [i.label, i.textEdit && "newText" in i.textEdit ? i.textEdit.newText : undefined]),
    ).toEqual([
      ["no", '"no"'],
      ["always", "always"],
      ["on-failure", "on-failure"],
      ["unless-stopped", "unless-stopped"],
    ]);
    expect(items[0]!.textEdit).toEqual({
      range: { start: { line: 3, character: 13 }, end: { line: 3, character: 13 } },
      newText: '"no"',
    });
  });

  it("offers an enum's values (depends_on condition) and booleans", async () => {
    const condition = await complete(
      dir,
      "services:\n  db:\n    image: postgres\n  web:\n    image: nginx\n    depends_on:\n      db:\n        condition: service_h|\n",
    );
    expect(labels(condition)).toEqual(["service_healthy"]);
    const init = await complete(dir, "services:\n  web:\n    image: nginx\n    init: |\n");
    expect(labels(init)).toEqual(["true", "false"]);
  });

  it("offers the project's services after depends_on (not the service itself) and its networks and secrets", async () => {
    const services = await complete(
      dir,
      `${top}services:\n  db:\n    image: postgres\n  cache:\n    image: redis\n  web:\n    image: nginx\n    depends_on:\n      - |\n`,
    );
    expect(labels(services).slice(0, 2)).toEqual(["db", "cache"]);
    expect(services[0]!.textEdit).toEqual({
      range: { start: { line: 14, character: 8 }, end: { line: 14, character: 8 } },
      newText: "db",
    });
    expect(labels(services)).not.toContain("web");
    const networks = await complete(
      dir,
      `${top}services:\n  web:\n    image: nginx\n    networks:\n      - |\n`,
    );
    expect(labels(networks).slice(0, 2)).toEqual(["front", "back"]);
    const secrets = await complete(
      dir,
      `${top}services:\n  web:\n    image: nginx\n    secrets:\n      - d|\n`,
    );
    // the names the list takes first, then the keys of its long form (the client filters what is typed)
    expect(labels(secrets)).toEqual(["db_pw", "gid", "mode", "source", "target", "uid"]);
  });

  it("offers the named stages of the service's Dockerfile for build.target", async () => {
    const items = await complete(
      dir,
      "services:\n  web:\n    build:\n      context: ./app\n      target: |\n",
    );
    expect(items.map((i) => [i.label, i.detail])).toEqual([
      ["base", "build stage"],
      ["build", "build stage"],
    ]);
  });

  it("completes build.context with folders and env_file with files, segment by segment", async () => {
    const contexts = await complete(dir, "services:\n  web:\n    build:\n      context: ./|\n");
    expect(labels(contexts)).toEqual(["app/", "docs/", "env/"]);
    expect(contexts[0]!.textEdit).toEqual({
      range: { start: { line: 3, character: 17 }, end: { line: 3, character: 17 } },
      newText: "app/",
    });
    const envFiles = await complete(dir, "services:\n  web:\n    image: nginx\n    env_file: env/c|\n");
    expect(envFiles.map((i) => [i.label, i.kind, i.textEdit])).toEqual([
      [
        "common.env",
        17,
        {
          range: { start: { line: 3, character: 18 }, end: { line: 3, character: 19 } },
          newText: "common.env",
        },
      ],
    ]);
    const dockerfile = await complete(
      dir,
      "services:\n  web:\n    build:\n      context: app\n      dockerfile: D|\n",
    );
    expect(labels(dockerfile)).toEqual(["Dockerfile"]);
  });
});

describe("hover", () => {
  const dir = project({});

  it("shows the schema's description and the engine field's documentation, unit and value", async () => {
    const { t, uri } = await open(dir, "services:\n  web:\n    image: nginx\n    mem_limit: 512m\n");
    const hover = await t.request<Hover>("textDocument/hover", {
      textDocument: { uri },
      position: { line: 3, character: 6 },
    });
    expect(hover.range).toEqual({ start: { line: 3, character: 4 }, end: { line: 3, character: 13 } });
    const value = (hover.contents as { value: string }).value;
    expect(value.startsWith("**services.web.mem_limit**\n\nMemory limit for the container.")).toBe(true);
    expect(value).toContain("On the engine: **`HostConfig.Memory`**");
    expect(value).toContain("The engine gets `HostConfig.Memory: 536870912` (512 MiB).");
  });

  it("names a service on its key, and a healthcheck duration's engine field in nanoseconds", async () => {
    const { t, uri } = await open(
      dir,
      "services:\n  web:\n    image: nginx\n    healthcheck:\n      interval: 1m30s\n",
    );
    const service = await t.request<Hover>("textDocument/hover", {
      textDocument: { uri },
      position: { line: 1, character: 3 },
    });
    expect((service.contents as { value: string }).value).toBe(
      "**Service `web`**\n\nConfiguration for a service.",
    );
    const interval = await t.request<Hover>("textDocument/hover", {
      textDocument: { uri },
      position: { line: 4, character: 18 },
    });
    expect(interval.range).toEqual({ start: { line: 4, character: 16 }, end: { line: 4, character: 21 } });
    const text = (interval.contents as { value: string }).value;
    expect(text).toContain("**`Healthcheck.Interval`**");
    expect(text).toContain("The engine gets `Healthcheck.Interval: 90000000000` (1m30s).");
  });
});

describe("inlay hints", () => {
  it("shows interpolated values and where they came from, masks secrets, and shows engine units", async () => {
    const dir = project({ ".env": "EK_TAG=1.25\nEK_DB_PASSWORD=hunter2\n" });
    const { t, uri } = await open(
      dir,
      [
        "services:",
        "  web:",
        "    image: nginx:${EK_TAG}",
        "    environment:",
        "      DB_PASSWORD: ${EK_DB_PASSWORD}",
        "      MODE: ${EK_MODE:-prod}",
        "    mem_limit: 1073741824",
        "    shm_size: 64m",
        "",
      ].join("\n"),
    );
    const hints = await t.request<InlayHint[]>("textDocument/inlayHint", {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } },
    });
    expect(hints.map((h) => [h.position.line, h.position.character, h.label, h.tooltip])).toEqual([
      [2, 26, '= "1.25"', "EK_TAG: from .env"],
      [4, 36, "= *******", "EK_DB_PASSWORD: from .env"],
      [5, 28, '= "prod" (default)', "EK_MODE is not set: its default applies"],
      [6, 25, "= 1 GiB", "The engine gets 1073741824 bytes (1 GiB)"],
      [7, 17, "= 67108864 bytes", "The engine gets 67108864 bytes (64 MiB)"],
    ]);
    expect(JSON.stringify(hints)).not.toContain("hunter2");
  });
});

describe("quick fixes", () => {
  it("renames an unknown key to the schema's closest key (did you mean)", async () => {
    const dir = project({});
    const { t, uri, diagnostics } = await open(dir, "services:\n  web:\n    imag: nginx\n");
    const unknown = diagnostics.find((d: Diagnostic) => d.code === "compose/unknown-key")!;
    expect(unknown.range).toEqual({ start: { line: 2, character: 4 }, end: { line: 2, character: 8 } });
    const actions = await t.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri },
      range: unknown.range,
      context: { diagnostics: [unknown] },
    });
    expect(actions[0]).toMatchObject({
      title: 'Rename to "image"',
      kind: "quickfix",
      isPreferred: true,
      edit: {
        changes: {
          [uri]: [
            { range: { start: { line: 2, character: 4 }, end: { line: 2, character: 8 } }, newText: "image" },
          ],
        },
      },
    });
    expect(actions.map((a) => a.title)).toContain("Ignore compose/unknown-key here");
  });
});
