/**
 * Language-server latency on Compose files (issue #26): the packed command `enginekit lsp --stdio` is started
 * as an editor starts it, and over its standard streams (LSP framing) a generated Compose project of 1,000 to
 * 16,000 lines (services of about 20 lines: image, build, ports, environment with an interpolated variable,
 * healthcheck, depends_on, mem_limit, networks, volumes, labels; a `.env` beside it) is opened. Timed, warm
 * (the Compose kind loaded and its schema compiled by a first file): the first diagnostics of a new
 * document (open → `publishDiagnostics`, `diagnosticsDelayMs` 0; the analysis is the whole project's load,
 * schema, consistency and engine layers and the `compose/*` rules), the diagnostics after an edit, and a
 * completion of a key (`volumes:` of the last service) and of a value (its `depends_on` item: the project's
 * service names) near the end. Targets: first diagnostics of 2,000 lines ≤ 50 ms,
 * completion ≤ 20 ms, and linear growth (per-line time at 16,000 lines within 1.6× of 1,000's).
 */
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { reportTarget } from "../harness.js";
import { cliBin, StdioClient } from "./lsp-load.js";

/** One service of the generated file (20 lines). */
function service(i: number, services: number): string[] {
  return [
    `  svc${i}:`,
    `    image: registry.example/app${i}:\${TAG:-1.0}`,
    "    build:",
    "      context: .",
    `      target: stage${i % 4}`,
    "    ports:",
    `      - "${8000 + (i % 1000)}:80"`,
    "    environment:",
    `      APP_NAME: app${i}`,
    "      LOG_LEVEL: ${LOG_LEVEL:-info}",
    "    healthcheck:",
    "      test: [CMD, true]",
    "      interval: 30s",
    "    depends_on:",
    `      - svc${(i + 1) % services}`,
    "    mem_limit: 512m",
    "    networks: [front]",
    "    volumes:",
    `      - data${i % 10}:/data`,
    `    labels: { team: t${i % 7} }`,
  ];
}

/** A Compose file of about `lines` lines (services of 20 lines, top-level networks and volumes). */
function composeFile(lines: number): string {
  const services = Math.max(1, Math.floor((lines - 13) / 20));
  const out = ["services:"];
  for (let i = 0; i < services; i++) out.push(...service(i, services));
  out.push("networks:", "  front: {}", "volumes:");
  for (let v = 0; v < 10; v++) out.push(`  data${v}: {}`);
  return `${out.join("\n")}\n`;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

/** Runs the measurements of the module comment; prints a table and the targets. */
export async function lspCompose(): Promise<void> {
  const base = mkdtempSync(join(tmpdir(), "ek-bench-lsp-compose-"));
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [cliBin, "lsp", "--stdio"], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stderr.resume();
  const client = new StdioClient(child);
  const published = new Map<string, (at: number) => void>();
  client.onNotification((method, params) => {
    if (method !== "textDocument/publishDiagnostics") return;
    const uri = (params as { uri: string }).uri;
    published.get(uri)?.(performance.now());
    published.delete(uri);
  });
  const diagnosticsOf = (uri: string) => new Promise<number>((resolve) => published.set(uri, resolve));
  try {
    await client.request("initialize", {
      processId: null,
      rootUri: null,
      capabilities: {},
      initializationOptions: { enginekit: { diagnosticsDelayMs: 0 } },
    });
    client.notify("initialized", {});
    console.log("\n## language server: Compose files (enginekit lsp --stdio, warm)\n");
    const rows: { lines: number; first: number; edit: number; key: number; value: number }[] = [];
    let n = 0;
    // the first file warms the process up (the Compose kind loaded, the schema compiled); not measured
    const warm = join(base, "warm");
    mkdirSync(warm);
    writeFileSync(join(warm, "compose.yaml"), composeFile(1000));
    const warmUri = pathToFileURL(join(warm, "compose.yaml")).href;
    const warmed = diagnosticsOf(warmUri);
    client.notify("textDocument/didOpen", {
      textDocument: { uri: warmUri, languageId: "dockercompose", version: 1, text: composeFile(1000) },
    });
    await warmed;
    client.notify("textDocument/didClose", { textDocument: { uri: warmUri } });
    for (const lines of [1000, 2000, 4000, 8000, 16000]) {
      const text = composeFile(lines);
      const actual = text.split("\n").length - 1;
      const firsts: number[] = [];
      const edits: number[] = [];
      const keys: number[] = [];
      const values: number[] = [];
      for (let round = 0; round < 5; round++) {
        const dir = join(base, `p${++n}`);
        const path = join(dir, "compose.yaml");
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, ".env"), "TAG=2.0\n");
        writeFileSync(path, text);
        const uri = pathToFileURL(path).href;
        let started = performance.now();
        let done = diagnosticsOf(uri);
        client.notify("textDocument/didOpen", {
          textDocument: { uri, languageId: "dockercompose", version: 1, text },
        });
        firsts.push((await done) - started);
        // an edit on the last service: the new version is analysed again
        const last = actual - 14;
        started = performance.now();
        done = diagnosticsOf(uri);
        client.notify("textDocument/didChange", {
          textDocument: { uri, version: 2 },
          contentChanges: [
            {
              range: { start: { line: last, character: 15 }, end: { line: last, character: 15 } },
              text: "0",
            },
          ],
        });
        edits.push((await done) - started);
        started = performance.now();
        await client.request("textDocument/completion", {
          textDocument: { uri },
          position: { line: actual - 16, character: 4 },
        });
        keys.push(performance.now() - started);
        started = performance.now();
        await client.request("textDocument/completion", {
          textDocument: { uri },
          position: { line: actual - 19, character: 8 },
        });
        values.push(performance.now() - started);
        client.notify("textDocument/didClose", { textDocument: { uri } });
        rmSync(dir, { recursive: true, force: true });
      }
      const row = {
        lines: actual,
        first: median(firsts),
        edit: median(edits),
        key: median(keys),
        value: median(values),
      };
      rows.push(row);
      console.log(
        `${String(actual).padStart(6)} lines  first diagnostics ${row.first.toFixed(1).padStart(7)} ms  after an edit ${row.edit.toFixed(1).padStart(7)} ms  completion: key ${row.key.toFixed(1).padStart(6)} ms, value ${row.value.toFixed(1).padStart(6)} ms  (${((row.first * 1000) / actual).toFixed(1)} µs/line)`,
      );
    }
    const measured = rows;
    const at2k = measured.find((r) => r.lines >= 2000 && r.lines < 4000)!;
    reportTarget(
      "Compose first diagnostics of 2,000 lines ≤ 50 ms (warm)",
      at2k.first <= 50,
      `${at2k.first.toFixed(1)} ms`,
    );
    const completion = Math.max(at2k.key, at2k.value);
    reportTarget("Compose completion ≤ 20 ms (2,000 lines)", completion <= 20, `${completion.toFixed(1)} ms`);
    const perLine = (r: (typeof rows)[number]) => r.first / r.lines;
    const first = measured[0]!;
    const last = measured.at(-1)!;
    reportTarget(
      "Compose diagnostics grow linearly (µs/line at 16k within 1.6× of 1k)",
      perLine(last) <= perLine(first) * 1.6,
      `${(perLine(first) * 1000).toFixed(1)} → ${(perLine(last) * 1000).toFixed(1)} µs/line`,
    );
  } finally {
    await Promise.race([client.request("shutdown", null), new Promise((r) => setTimeout(r, 2000))]);
    client.notify("exit", null);
    child.kill();
    rmSync(base, { recursive: true, force: true });
  }
}
