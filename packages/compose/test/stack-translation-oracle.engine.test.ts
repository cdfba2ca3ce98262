/**
 * Oracle test of the stack translation: for the seeded services of the stack differential
 * (`stack-cases.ts`), the real `docker stack deploy` of the docker CLI Debian ships with the engine (20.10,
 * `/usr/bin/docker`) posts its service spec to a stand-in socket in front of the engine, and
 * `translateStack` must build exactly that body. The stand-in forwards every request to the real engine
 * except what needs a swarm: `/info` is the engine's with `Swarm.ControlAvailable` (the CLI deploys only to a
 * manager), the stack's existing networks, secrets, configs and services are none, and `POST
 * /networks/create` and `POST /services/create` are recorded and answered by the stand-in, so nothing is
 * created and no swarm is joined (suites sharing the engine join and leave one meanwhile: when this test used
 * the real swarm, CI saw every CLI call end in `grpc: the client connection is closing`). A file the CLI
 * refuses to convert (its 3.9 schema or converter) is counted apart. Skips with a message when no docker CLI 20.10 is installed. Seed and count as the
 * differential's (`ENGINEKIT_COMPOSE_DIFF_SEED`, `ENGINEKIT_COMPOSE_STACK_DIFF_COUNT`).
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { toPlainValue } from "@enginekit/manifests";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { loadProject, memoryFileSystem, translateStack } from "../src/index.js";
import { generateStackCases, STACK } from "./stack-cases.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);
const seed = Number(process.env.ENGINEKIT_COMPOSE_DIFF_SEED ?? 20261128);
const count = Number(process.env.ENGINEKIT_COMPOSE_STACK_DIFF_COUNT ?? 80);

/** The docker CLI 20.10 (the engine's own, whose converter the translation follows), if installed. */
function engineCli(): string | undefined {
  try {
    const out = execFileSync("/usr/bin/docker", ["--version"], { encoding: "utf8" });
    return /version 20\.10\./.test(out) ? "/usr/bin/docker" : undefined;
  } catch {
    return undefined;
  }
}
const cli = engineCli();
if (!cli)
  console.warn(
    "stack-translation-oracle: no docker CLI 20.10 at /usr/bin/docker; the oracle test is skipped",
  );

/** A stand-in engine socket forwarding to the engine's, recording (and faking) the two creates. */
function standIn(socket: string, engineSocket: string, captured: string[]): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.method === "POST" && /\/(services|networks)\/create$/.test(req.url ?? "")) {
        if (req.url!.includes("services")) captured.push(body.toString());
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ ID: "x", Id: "x" }));
        return;
      }
      const path = (req.url ?? "").replace(/\?.*$/, "");
      // the stack's existing objects: none (no swarm is needed, and suites sharing the engine may be joining
      // or leaving one meanwhile)
      if (req.method === "GET" && /\/(services|networks|secrets|configs)$/.test(path)) {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end("[]");
        return;
      }
      const isInfo = req.method === "GET" && path.endsWith("/info");
      const forward = request(
        { socketPath: engineSocket, path: req.url, method: req.method, headers: req.headers },
        (reply) => {
          if (!isInfo) {
            res.writeHead(reply.statusCode ?? 502, reply.headers);
            reply.pipe(res);
            return;
          }
          // the CLI deploys only to a swarm manager: the engine's own info, said to be one
          const parts: Buffer[] = [];
          reply.on("data", (part: Buffer) => parts.push(part));
          reply.on("end", () => {
            const info = JSON.parse(Buffer.concat(parts).toString()) as { Swarm?: object };
            info.Swarm = { ...info.Swarm, LocalNodeState: "active", ControlAvailable: true };
            res.writeHead(200, { "Content-Type": "application/json" });
            res.end(JSON.stringify(info));
          });
        },
      );
      forward.on("error", (error) => {
        res.writeHead(502);
        res.end(String(error));
      });
      forward.end(body);
    });
  }).listen(socket);
}

describe(
  `the stack translation equals docker stack deploy's (CLI 20.10, seed ${seed}, ${count} services)`,
  skipIf(!host || !cli || !host.startsWith("unix://"), NEEDS_ENGINE),
  () => {
    const dir = mkdtempSync(join(tmpdir(), "ek-stack-oracle-"));
    const socket = join(dir, "engine.sock");
    const captured: string[] = [];
    let server: Server | undefined;

    beforeAll(() => {
      server = standIn(socket, host!.slice("unix://".length), captured);
    });

    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    });

    test("every spec the CLI sends is the one translateStack builds", async () => {
      const differences: string[] = [];
      let compared = 0;
      let cliRefused = 0;
      const refusals: string[] = [];
      for (const c of generateStackCases(seed, count)) {
        // the CLI 20.10 reads Compose file format 3.x: a version, and the stack name on the command line
        const file = join(dir, `c${c.id}.yaml`);
        writeFileSync(file, `version: "3.9"\n${c.yaml.replace(/^name: .*\n/, "")}`);
        const deploy = () => {
          captured.length = 0;
          return new Promise<string | undefined>((resolve) =>
            execFile(
              cli!,
              ["stack", "deploy", "--resolve-image", "never", "-c", file, STACK],
              { env: { PATH: process.env.PATH ?? "", DOCKER_HOST: `unix://${socket}`, HOME: dir } },
              (error, _stdout, stderr) => resolve(error ? stderr.trim() : undefined),
            ),
          );
        };
        const refused = await deploy();
        if (captured.length === 0) {
          cliRefused++;
          if (refusals.length < 3) refusals.push(`#${c.id}: ${refused}`);
          continue;
        }
        compared++;
        const project = loadProject({
          workingDir: dir,
          environment: {},
          fileSystem: memoryFileSystem({ [join(dir, "compose.yaml")]: c.yaml }),
        });
        const ours = toPlainValue(translateStack(project)[0]!.body.root);
        const theirs = JSON.parse(captured[0]!) as unknown;
        if (JSON.stringify(sorted(ours)) !== JSON.stringify(sorted(theirs)))
          differences.push(
            `#${c.id}${refused ? ` (CLI: ${refused})` : ""}\n${c.yaml}\nCLI:       ${JSON.stringify(sorted(theirs))}\nenginekit: ${JSON.stringify(sorted(ours))}`,
          );
      }
      console.log(
        `stack translation oracle (seed ${seed}): ${compared} specs compared, ${cliRefused} files the CLI refused to convert, ${differences.length} differences`,
      );
      expect(compared, `the CLI refused every file, e.g.\n${refusals.join("\n")}`).toBeGreaterThan(0);
      expect(differences).toEqual([]);
    }, 600_000);
  },
);

/** The value with object keys sorted (the CLI's key order is Go's struct order). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, sorted(item)]),
    );
  return value;
}
