/**
 * Signals while enginekit writes, sent to the real Node process (docs/security.md "Output files").
 * Before: SIGINT/SIGTERM during `--fix` could leave `.*.enginekit-<pid>-*.tmp` files, `build -o` left
 * `<target>.partial-<pid>`, and nothing ever removed what a `kill -9` left.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../../vitest.shared.js";
import { built, leftoverTemps, runEnginekit, until } from "./run-command.js";

const dir = mkdtempSync(join(tmpdir(), "enginekit-signals-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES = 20;
const original = (i: number) => `FROM alpine:3.19\n${"RUN true\n".repeat(500)}run echo ${i}\n`;
const fixed = (i: number) => `FROM alpine:3.19\n${"RUN true\n".repeat(500)}RUN echo ${i}\n`;

describe("a signal during lint --fix", skipIf(!built, NEEDS_BUILD), () => {
  it.each(["SIGINT", "SIGTERM"] as const)(
    "%s: every file is whole, no temporary file is left, the process ends by the signal",
    async (signal) => {
      const root = join(dir, `fix-${signal}`);
      mkdirSync(root);
      for (let i = 0; i < FILES; i++) writeFileSync(join(root, `f${i}.Enginefile`), original(i));
      // The report goes to a FIFO: once the fixed files are written, the command waits there for a
      // reader, so the signal deterministically arrives while it is still writing its outputs.
      const fifo = join(root, "report.fifo");
      spawnSync("mkfifo", [fifo]);
      const first = join(root, "f0.Enginefile");
      const inode = statSync(first).ino;
      // Without ShellCheck: 10,000 RUN scripts would make it the slow part, not the writes.
      const r = await runEnginekit(["lint", "--fix", "--no-shellcheck", "-f", `json=${fifo}`, "."], {
        cwd: root,
        started: (child) => {
          void until(() => statSync(first).ino !== inode).then(() => {
            child.kill(signal);
            readFileSync(fifo);
          });
        },
      });
      expect(r.signal).toBe(signal);
      expect(leftoverTemps(root)).toEqual([]);
      for (let i = 0; i < FILES; i++)
        expect(readFileSync(join(root, `f${i}.Enginefile`), "utf8")).toBe(fixed(i));
    },
    30_000,
  );
});

describe("build -o FILE", skipIf(!built, NEEDS_BUILD), () => {
  const context = join(dir, "ctx");
  mkdirSync(context);
  writeFileSync(join(context, "Enginefile"), "FROM alpine:3.19\nCOPY . /\n");
  // 96 MiB of data, so the archive is still being written when the signal comes
  for (let i = 0; i < 6; i++) writeFileSync(join(context, `data${i}.bin`), Buffer.alloc(16 * 1024 * 1024, i));

  it("SIGTERM while the archive is written: no temporary file, the previous file untouched", async () => {
    const out = join(dir, "sigterm");
    mkdirSync(out);
    writeFileSync(join(out, "context.tar"), "previous");
    const r = await runEnginekit(["build", context, "-o", "context.tar"], {
      cwd: out,
      started: (child) => {
        void until(() => leftoverTemps(out).length > 0).then(() => child.kill("SIGTERM"));
      },
    });
    expect(r.signal).toBe("SIGTERM");
    expect(leftoverTemps(out)).toEqual([]);
    expect(readFileSync(join(out, "context.tar"), "utf8")).toBe("previous");
  }, 30_000);

  it("after kill -9 the temporary file stays, and the next write to that folder removes it", async () => {
    const out = join(dir, "sigkill");
    mkdirSync(out);
    const r = await runEnginekit(["build", context, "-o", "context.tar"], {
      cwd: out,
      started: (child) => {
        void until(() => leftoverTemps(out).length > 0).then(() => child.kill("SIGKILL"));
      },
    });
    expect(r.signal).toBe("SIGKILL");
    expect(leftoverTemps(out)).toHaveLength(1);
    writeFileSync(join(out, "small.Enginefile"), "FROM alpine:3.19\n");
    const next = await runEnginekit(["lint", "small.Enginefile", "-f", "json=report.json"], { cwd: out });
    expect(next.code).toBe(0);
    expect(leftoverTemps(out)).toEqual([]);
    expect(existsSync(join(out, "context.tar"))).toBe(false);
  }, 30_000);
});

describe("a signal during the upload to the engine", skipIf(!built, NEEDS_BUILD), () => {
  const context = join(dir, "upload-ctx");
  mkdirSync(context);
  writeFileSync(join(context, "Enginefile"), "FROM alpine:3.19\nCOPY . /\n");
  writeFileSync(join(context, "data.bin"), Buffer.alloc(32 * 1024 * 1024, 7));

  it.each([
    ["SIGINT", { code: 130, signal: null }],
    ["SIGTERM", { code: null, signal: "SIGTERM" }],
  ] as const)(
    "%s: the upload is cut, nothing is built, no stack trace",
    async (signal, ended) => {
      // a loopback engine that takes the first bytes of the upload and then stops reading
      let bodyEnded = false;
      let connectionClosed: () => void = () => undefined;
      const closed = new Promise<void>((resolve) => {
        connectionClosed = resolve;
      });
      let uploading: () => void = () => undefined;
      const started = new Promise<void>((resolve) => {
        uploading = resolve;
      });
      const server = createServer((req, res) => {
        if (req.url?.endsWith("/version")) {
          res.writeHead(200, { "content-type": "application/json", "api-version": "1.41" });
          res.end(JSON.stringify({ ApiVersion: "1.41", MinAPIVersion: "1.12" }));
          return;
        }
        if (req.url?.endsWith("/_ping")) {
          res.writeHead(200, { "content-type": "text/plain", "api-version": "1.41" });
          res.end("OK");
          return;
        }
        req.once("data", () => {
          req.pause();
          uploading();
        });
        req.on("end", () => {
          bodyEnded = true;
        });
        req.socket.on("close", connectionClosed);
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const host = `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const out = join(dir, `upload-${signal}`);
        mkdirSync(out);
        // the archive upload this stand-in reads (BuildKit's default would send the context through the session)
        const args = ["build", context, "-H", host, "--iidfile", "iid.txt", "--context-transfer", "tarball"];
        const r = await runEnginekit(args, {
          cwd: out,
          started: (child) => {
            void started.then(() => child.kill(signal));
          },
        });
        await closed;
        expect({ code: r.code, signal: r.signal }).toEqual(ended);
        expect(bodyEnded).toBe(false);
        expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
        if (signal === "SIGINT")
          expect(r.stderr).toContain("enginekit: interrupted: the upload and the build were cancelled\n");
        expect(existsSync(join(out, "iid.txt"))).toBe(false);
        expect(leftoverTemps(out)).toEqual([]);
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
    30_000,
  );
});
