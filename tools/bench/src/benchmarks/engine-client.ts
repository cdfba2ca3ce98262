/**
 * EngineClient round trips against plain undici and dockerode on the same real engine, in the same run:
 * `GET /_ping` and `GET /containers/json?all=1`. Target (task brief): within 1.2× of plain undici (a `Client`
 * on the same socket), and faster than dockerode. Needs `ENGINE_HOST` (tools/engine/start.sh); a
 * `unix://` address is used for all three contenders.
 */
import { EngineClient } from "@enginekit/api";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import Docker from "dockerode";
import { Client } from "undici";
import type { Benchmark } from "../benchmark.js";
import { compare, reportTarget } from "../harness.js";

const UNDICI_TARGET = 1.2;

async function run(): Promise<void> {
  const host = engineHostForTests();
  if (!host) {
    console.log(NO_ENGINE_MESSAGE);
    return;
  }
  if (!host.startsWith("unix://"))
    throw new Error(`engine-client benchmark needs a unix:// ENGINE_HOST, got ${host}`);
  const socketPath = host.slice("unix://".length);
  const ours = new EngineClient({ host, onWarning: () => {} });
  const { version } = await ours.apiVersion();
  // Plain undici: one keep-alive connection, the request a hand-written client would send.
  const undici = new Client("http://engine", { socketPath });
  const dockerode = new Docker({ socketPath, version: `v${version}` });

  const plainGet = async (path: string) => {
    const response = await undici.request({ method: "GET", path });
    return path.endsWith("_ping") ? response.body.text() : response.body.json();
  };

  try {
    for (const [title, path, oursCall, dockerodeCall] of [
      ["GET /_ping", `/v${version}/_ping`, () => ours.system.ping(), () => dockerode.ping()],
      [
        "GET /containers/json?all=1",
        `/v${version}/containers/json?all=1`,
        () => ours.containers.list({ all: true }),
        () => dockerode.listContainers({ all: true }),
      ],
    ] as const) {
      const rows = await compare(
        `EngineClient round trip: ${title}`,
        [
          { name: "EngineClient", fn: oursCall },
          { name: "plain undici Client", fn: () => plainGet(path) },
          { name: "dockerode", fn: dockerodeCall },
        ],
        { timeMs: 1500, iterations: 200 },
      );
      const [mine, plain, peer] = rows;
      if (!mine || !plain || !peer) continue;
      const vsUndici = mine.meanMs / plain.meanMs;
      reportTarget(
        `${title}: EngineClient within ${UNDICI_TARGET}× of plain undici`,
        vsUndici <= UNDICI_TARGET,
        `${vsUndici.toFixed(2)}×`,
      );
      reportTarget(
        `${title}: EngineClient faster than dockerode`,
        mine.meanMs < peer.meanMs,
        `dockerode takes ${(peer.meanMs / mine.meanMs).toFixed(2)}× as long`,
      );
    }
  } finally {
    await ours.close();
    await undici.close();
  }
}

/** The engine-client benchmark (registered in `benchmarks/index.ts`). */
export const benchmark: Benchmark = {
  name: "engine-client",
  description:
    "EngineClient vs plain undici vs dockerode: GET /_ping and GET /containers/json on the real engine",
  run,
};
