/**
 * `enginekit build` against a loopback HTTP server (127.0.0.1) standing in for the engine: the request
 * as received (query, headers, streamed archive — the stand-in refuses `POST /session`, so BuildKit builds
 * fall back from the file sync to the archive), the `X-Registry-Config` header decoded like the engine
 * does (Go's padded URL-safe base64), the output stream handling and exit codes.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { startDevServer } from "@enginekit/secrets-dev-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  names: string[];
  /** The archive as GNU tar reads it (gunzipped). */
  tar: Buffer;
  gzip: boolean;
  /** Bytes of the body as received (before gunzip). */
  length: number;
}

let server: Server;
let host: string;
const received: Received[] = [];
/** What the fake engine answers to the next build (JSON messages, one per line). */
let answer: object[] = [];
/** When set, the fake engine never answers a build; it calls this once the upload started. */
let stall: (() => void) | undefined;

/** Entry names of the received archive, listed by GNU tar (after gunzip when compressed). */
async function tarNames(
  req: IncomingMessage,
): Promise<{ names: string[]; tar: Buffer; gzip: boolean; length: number }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  let body = Buffer.concat(chunks);
  const length = body.length;
  const gzip = body[0] === 0x1f && body[1] === 0x8b;
  if (gzip) body = gunzipSync(body);
  if (body.length === 0) return { names: [], tar: body, gzip, length };
  const names = execFileSync("tar", ["-tf", "-"], { input: body }).toString().split("\n").filter(Boolean);
  return { names, tar: body, gzip, length };
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://engine");
    if (req.method === "GET" && url.pathname === "/version") {
      res.writeHead(200, { "content-type": "application/json", "api-version": "1.41" });
      res.end(JSON.stringify({ ApiVersion: "1.41", MinAPIVersion: "1.12" }));
      return;
    }
    if (req.method === "GET" && url.pathname.endsWith("/_ping")) {
      // like the engine 20.10: no Builder-Version header
      res.writeHead(200, { "content-type": "text/plain", "api-version": "1.41", ostype: "linux" });
      res.end("OK");
      return;
    }
    if (req.method === "POST" && url.pathname.endsWith("/session")) {
      // like an engine without sessions: BuildKit's file sync cannot be used, the archive is uploaded
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "page not found" }));
      return;
    }
    if (stall) {
      req.once("data", stall);
      req.resume();
      return;
    }
    const body =
      req.method === "POST"
        ? await tarNames(req)
        : { names: [], tar: Buffer.alloc(0), gzip: false, length: 0 };
    received.push({ method: req.method ?? "", url, headers: req.headers, ...body });
    res.writeHead(200, { "content-type": "application/json" });
    for (const m of answer) res.write(`${JSON.stringify(m)}\r\n`);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Decodes like the engine (Go `base64.URLEncoding`): URL alphabet, padding required. */
function goUrlDecode(value: string): unknown {
  expect(value).toMatch(/^[A-Za-z0-9_-]*={0,2}$/);
  expect(value.length % 4).toBe(0);
  return JSON.parse(Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8"));
}

describe("enginekit build → POST /build", () => {
  it("sends every query parameter, the archive and the decoded registry config", async () => {
    const ctx = tree({
      Enginefile: "FROM scratch\nCOPY . /\n",
      "app/main.js": "x",
      ".engineignore": "*.log\n",
      "a.log": "",
    });
    // A password whose standard base64 would contain `+` and `/` (lost by encoders using that alphabet).
    const outside = tree({});
    const cfg = join(outside, "config.json");
    const auth = Buffer.from("ci-user:p>?~+/x").toString("base64");
    writeFileSync(cfg, JSON.stringify({ auths: { "registry.example:5000": { auth } } }));
    const svc = await startDevServer({
      seed: { secrets: { "secret/ci/registry": { username: "robot", password: "s3cr3t?>>" } } },
    });
    answer = [
      { stream: "Step 1/2 : FROM scratch\n" },
      { aux: { ID: "sha256:" + "ab".repeat(32) } },
      { stream: "Successfully built abababababab\n" },
    ];
    const iid = join(outside, "iid");
    const before = received.length;
    try {
      const r = await runCaptured(
        // biome-ignore format: one flag and its value per pair
        [
          "build", ctx, "-H", host, "-t", "one:1", "-t", "two:2", "--build-arg", "A=1", "--build-arg", "FROM_ENV",
          "--build-arg", "UNSET_ARG", "--label", "org.k=v", "-m", "512m", "--memory-swap", "-1", "--cpu-shares", "512",
          "--cpuset-cpus", "0-1", "--cpu-period", "100000", "--cpu-quota", "50000", "--shm-size", "64m", "--no-cache",
          "--pull", "--no-rm", "--force-rm", "--no-compress", "--registry-config", cfg,
          "--registry-auth", "ghcr.example=svc:secret/data/ci/registry", "--iidfile", iid,
        ],
        { FROM_ENV: "from-env", SVC_ADDR: svc.address, SVC_TOKEN: svc.rootToken },
      );
      expect(r.stderr).not.toContain("s3cr3t");
      expect(r.stdout).not.toContain("s3cr3t");
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Step 1/2 : FROM scratch\n");
      expect(r.stdout.trimEnd().endsWith(`sha256:${"ab".repeat(32)}`)).toBe(true);
      expect(readFileSync(iid, "utf8")).toBe(`sha256:${"ab".repeat(32)}`);
    } finally {
      await svc.close();
    }
    expect(received.length).toBe(before + 1);
    const req = received.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.url.pathname).toMatch(/^\/v1\.\d+\/build$/);
    const q = req.url.searchParams;
    expect(q.getAll("t")).toEqual(["one:1", "two:2"]);
    expect(q.get("dockerfile")).toBe("Enginefile");
    expect(JSON.parse(q.get("buildargs")!)).toEqual({ A: "1", FROM_ENV: "from-env", UNSET_ARG: null });
    expect(JSON.parse(q.get("labels")!)).toEqual({ "org.k": "v" });
    expect(q.get("memory")).toBe(String(512 * 1024 * 1024));
    expect(q.get("memswap")).toBe("-1");
    expect(q.get("cpushares")).toBe("512");
    expect(q.get("cpusetcpus")).toBe("0-1");
    expect(q.get("cpuperiod")).toBe("100000");
    expect(q.get("cpuquota")).toBe("50000");
    expect(q.get("shmsize")).toBe(String(64 * 1024 * 1024));
    expect(["1", "true"]).toContain(q.get("nocache"));
    expect(["1", "true"]).toContain(q.get("pull"));
    expect(["1", "true"]).toContain(q.get("forcerm"));
    expect(["0", "false"]).toContain(q.get("rm"));
    expect(req.headers["content-type"]).toBe("application/x-tar");
    // Uncompressed, the archive's exact size is known in advance: sent with Content-Length, not chunked.
    expect(req.headers["content-length"]).toBe(String(req.length));
    expect(req.headers["transfer-encoding"]).toBeUndefined();
    expect(goUrlDecode(String(req.headers["x-registry-config"]))).toEqual({
      "registry.example:5000": {
        username: "ci-user",
        password: "p>?~+/x",
        serveraddress: "registry.example:5000",
      },
      "ghcr.example": { username: "robot", password: "s3cr3t?>>", serveraddress: "ghcr.example" },
    });
    expect(req.names).toEqual([".engineignore", "Enginefile", "app/", "app/main.js"]);
  });

  it("-f - sends standard input's bytes as the build file, under the name the query gives", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\nLABEL from=disk\n", "app/main.js": "x" });
    const enginefile = Buffer.from('FROM scratch\nLABEL from=stdin note="café"\n');
    answer = [{ stream: "Successfully built abababababab\n" }];
    const before = received.length;
    // the cut falls inside "é": the bytes must be joined, not decoded chunk by chunk
    const cut = enginefile.indexOf("é") + 1;
    const r = await runCaptured(["build", ctx, "-f", "-", "-H", host, "--no-compress"], {}, ctx, [
      enginefile.subarray(0, cut),
      enginefile.subarray(cut),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(received.length).toBe(before + 1);
    const req = received.at(-1)!;
    const name = req.url.searchParams.get("dockerfile")!;
    expect(name).not.toBe("Enginefile");
    expect(req.names).toContain(name);
    expect(execFileSync("tar", ["-xOf", "-", name], { input: req.tar })).toEqual(enginefile);
  });

  it("takes credentials from DOCKER_CONFIG's config.json and its credential helper", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\n" });
    const config = tree({
      "config.json": JSON.stringify({
        auths: { "plain.example": { auth: Buffer.from("u:plain-pass").toString("base64") } },
        credHelpers: { "helped.example": "ekcli" },
      }),
      "bin/docker-credential-ekcli": `#!/bin/sh\n[ "$1" = get ] || exit 2\nread url\necho "{\\"ServerURL\\":\\"$url\\",\\"Username\\":\\"bot\\",\\"Secret\\":\\"helper-pass\\"}"\n`,
    });
    chmodSync(join(config, "bin/docker-credential-ekcli"), 0o755);
    answer = [{ aux: { ID: `sha256:${"cd".repeat(32)}` } }];
    const r = await runCaptured(["build", ctx, "-H", host, "-q"], {
      DOCKER_CONFIG: config,
      PATH: `${join(config, "bin")}:${process.env.PATH}`,
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(goUrlDecode(String(received.at(-1)!.headers["x-registry-config"]))).toEqual({
      "plain.example": { username: "u", password: "plain-pass", serveraddress: "plain.example" },
      "helped.example": { username: "bot", password: "helper-pass", serveraddress: "helped.example" },
    });
  });

  it("a failing credential helper is one line naming it and the file, exit 2, no secret, nothing sent", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\n" });
    const config = tree({
      "config.json": JSON.stringify({ credsStore: "ekbroken" }),
      "bin/docker-credential-ekbroken":
        "#!/bin/sh\necho 'token=leaked-SECRET' >&2\necho leaked-SECRET\nexit 4\n",
    });
    chmodSync(join(config, "bin/docker-credential-ekbroken"), 0o755);
    const before = received.length;
    const r = await runCaptured(["build", ctx, "-H", host], {
      DOCKER_CONFIG: config,
      PATH: `${join(config, "bin")}:${process.env.PATH}`,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `enginekit: credential helper docker-credential-ekbroken (credsStore in ${join(config, "config.json")}) failed: list exited with status 4\n`,
    );
    expect(r.stdout + r.stderr).not.toContain("SECRET");
    expect(received.length).toBe(before);
  });

  it("exits 1 with the engine's message when the build fails inside the stream", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\nRUN false\n" });
    answer = [
      { stream: "Step 1/2 : FROM scratch\n" },
      {
        errorDetail: { code: 1, message: "The command '/bin/sh -c false' returned a non-zero code: 1" },
        error: "x",
      },
    ];
    const r = await runCaptured(["build", ctx, "-H", host]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("build failed: The command '/bin/sh -c false' returned a non-zero code: 1");
  });

  it("reads the image ID from `Successfully built` at API versions without aux", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\n" });
    answer = [{ stream: "Successfully built 0123456789ab\n" }, { stream: "Successfully tagged x:latest\n" }];
    const r = await runCaptured(["build", ctx, "-H", host, "-q"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("0123456789ab\n");
    // --quiet prints only the image ID: no progress lines on stderr either.
    expect(r.stderr).toBe("");
  });

  it("refuses bad options before sending anything", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\n" });
    const before = received.length;
    for (const args of [
      ["--memory", "lots"],
      ["--build-arg", "=x"],
      ["--cpuset-cpus", "a-b"],
      ["--shm-size", "0"],
      ["-t", "UPPER:case"],
      ["--exceptions", "sometimes"],
    ]) {
      const r = await runCaptured(["build", ctx, "-H", host, ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/enginekit: /);
    }
    const bad = tree({ Enginefile: "FROM scratch\n", ".engineignore": "ok\n[\n" });
    const r = await runCaptured(["build", bad, "-H", host]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(".engineignore:2:1: syntax error in pattern");
    expect(received.length).toBe(before);
  });

  it("builds from --remote without packing a context", async () => {
    answer = [{ aux: { ID: `sha256:${"ef".repeat(32)}` } }];
    const r = await runCaptured([
      "build",
      "--remote",
      "https://git.example/app.git#main",
      "-f",
      "build/Enginefile",
      "-H",
      host,
    ]);
    expect(r.code).toBe(0);
    const q = received.at(-1)!.url.searchParams;
    expect(q.get("remote")).toBe("https://git.example/app.git#main");
    expect(q.get("dockerfile")).toBe("build/Enginefile");
    expect(received.at(-1)!.names).toEqual([]);
    const both = await runCaptured([
      "build",
      tree({ Enginefile: "" }),
      "--remote",
      "https://x/y.git",
      "-H",
      host,
    ]);
    expect(both.code).toBe(2);
  });

  it("Ctrl-C aborts the upload and exits 130", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\n", "f.bin": "x".repeat(1 << 20) });
    const before = process.listenerCount("SIGINT");
    stall = () => process.emit("SIGINT", "SIGINT");
    try {
      const r = await runCaptured(["build", ctx, "-H", host]);
      expect(r.code).toBe(130);
      expect(r.stderr).toContain("interrupted");
    } finally {
      stall = undefined;
    }
    expect(process.listenerCount("SIGINT")).toBe(before);
  });

  it("gzips the upload for tcp:// engines unless --no-compress", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\n", f: "data" });
    answer = [{ aux: { ID: "sha256:" + "cd".repeat(32) } }];
    const r = await runCaptured(["build", ctx, "-H", host]);
    expect(r.code).toBe(0);
    expect(received.at(-1)!.gzip).toBe(true);
    expect(received.at(-1)!.names).toEqual(["Enginefile", "f"]);
    expect((await runCaptured(["build", ctx, "-H", host, "--no-compress"])).code).toBe(0);
    expect(received.at(-1)!.gzip).toBe(false);
  });
});
