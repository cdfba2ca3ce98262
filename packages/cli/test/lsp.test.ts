import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../vitest.shared.js";
import { transportOf } from "../src/commands/lsp.js";
import { chunkSource, chunksInCodeCache } from "./bundle-chunks.js";
import { rpc } from "./lsp-client.js";
import { runCaptured } from "./run-in-process.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../../..");
const node = resolve(repo, "node_modules/.bin/node");
/** The installed command, the bundle (CI builds before testing: turbo `test` depends on `build`). */
const bin = resolve(here, "../dist/bundle/enginekit.js");

describe("enginekit lsp flags", () => {
  it("defaults to stdio and reads --node-ipc and --socket", () => {
    expect(transportOf({})).toEqual({ kind: "stdio" });
    expect(transportOf({ nodeIpc: true })).toEqual({ kind: "node-ipc" });
    expect(transportOf({ socket: "4389" })).toEqual({ kind: "socket", port: 4389 });
  });

  it("refuses a bad port and two transports with exit code 2", async () => {
    const bad = await runCaptured(["lsp", "--socket", "http"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--socket: "http" is not a TCP port');
    const two = await runCaptured(["lsp", "--stdio", "--node-ipc"]);
    expect(two.code).toBe(2);
  });
});

const INIT = { processId: null, rootUri: null, capabilities: {} };
const exitOf = (child: ChildProcess) => new Promise<number | null>((r) => child.once("exit", r));

describe(
  "enginekit lsp as a process (built CLI)",
  skipIf(!existsSync(bin) && !process.env.CI, NEEDS_BUILD),
  () => {
    it("serves over stdio and exits with 0 on shutdown + exit", async () => {
      const child = spawn(node, [bin, "lsp", "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
      try {
        const client = rpc(child.stdout!, child.stdin!);
        const init = (await client.request("initialize", INIT)) as {
          serverInfo: { name: string };
          capabilities: { textDocumentSync: unknown };
        };
        expect(init.serverInfo.name).toBe("enginekit");
        // save: ignore files list their context again when a file is saved (docs/language-server.md "Ignore files")
        expect(init.capabilities.textDocumentSync).toEqual({
          openClose: true,
          change: 2,
          save: { includeText: false },
        });
        await client.request("shutdown", null);
        const exited = exitOf(child);
        client.notify("exit");
        expect(await exited).toBe(0);
      } finally {
        child.kill();
      }
    }, 60_000);

    it("reads a .enginekit.yaml beside a Dockerfile without loading the manifest half (api schemas)", async () => {
      const scratch = mkdtempSync(join(tmpdir(), "enginekit-lsp-config-"));
      // the chunks a session ran are the files its code cache holds after a first run
      const session = async (dir: string): Promise<{ rules: string[]; chunks: string[] }> => {
        const cacheRoot = join(dir, "..", `${basename(dir)}-cache`);
        const env: NodeJS.ProcessEnv = { ...process.env, NODE_COMPILE_CACHE: cacheRoot };
        delete env.NODE_DISABLE_COMPILE_CACHE;
        const child = spawn(node, [bin, "lsp", "--stdio"], { stdio: ["pipe", "pipe", "inherit"], env });
        try {
          const client = rpc(child.stdout!, child.stdin!);
          const uri = pathToFileURL(join(dir, "Dockerfile")).href;
          await client.request("initialize", { ...INIT, rootUri: pathToFileURL(dir).href });
          client.notify("initialized", {});
          const published = client.next("textDocument/publishDiagnostics");
          const text = "FROM alpine:3.20\nRUN sudo apk add --no-cache curl\n";
          client.notify("textDocument/didOpen", {
            textDocument: { uri, languageId: "dockerfile", version: 1, text },
          });
          const { diagnostics } = (await published) as { diagnostics: { code: string }[] };
          await client.request("shutdown", null);
          const exited = exitOf(child);
          client.notify("exit");
          expect(await exited).toBe(0);
          const chunks = chunksInCodeCache(cacheRoot);
          return { rules: diagnostics.map((d) => d.code), chunks };
        } finally {
          child.kill();
        }
      };
      try {
        const bare = join(scratch, "bare");
        const configured = join(scratch, "configured");
        mkdirSync(bare);
        mkdirSync(configured);
        writeFileSync(join(configured, ".enginekit.yaml"), "rules:\n  no-sudo: off\n");
        const without = await session(bare);
        const withConfig = await session(configured);
        expect(without.rules).toContain("no-sudo");
        expect(withConfig.rules).not.toContain("no-sudo");
        const added = withConfig.chunks.filter((c) => !without.chunks.includes(c));
        expect(added.filter((c) => chunkSource(c).includes("YAMLParseError = class"))).not.toEqual([]);
        // the engine API schemas (HostConfig's fields) and the clients stay out
        expect(added.filter((c) => /BlkioWeight|node_modules\/undici\//.test(chunkSource(c)))).toEqual([]);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }, 60_000);

    it("connects to the client's port with --socket=<port>", async () => {
      const server = createServer();
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const port = (server.address() as { port: number }).port;
      const accepted = new Promise<Socket>((r) => server.once("connection", r));
      const child = spawn(node, [bin, "lsp", `--socket=${port}`], { stdio: "inherit" });
      try {
        const socket = await accepted;
        const init = (await rpc(socket, socket).request("initialize", INIT)) as {
          serverInfo: { name: string };
        };
        expect(init.serverInfo.name).toBe("enginekit");
        socket.destroy();
      } finally {
        child.kill();
        server.close();
      }
    }, 60_000);

    it("serves over Node IPC with --node-ipc", async () => {
      const child = spawn(node, [bin, "lsp", "--node-ipc"], {
        stdio: ["ignore", "ignore", "inherit", "ipc"],
      });
      try {
        const answer = new Promise<{ result: { serverInfo: { name: string } } }>((r) =>
          child.once("message", r as never),
        );
        child.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: INIT });
        expect((await answer).result.serverInfo.name).toBe("enginekit");
      } finally {
        child.kill();
      }
    }, 60_000);
  },
);
