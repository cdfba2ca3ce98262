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
/** Rounds per endpoint; each rotates which contender runs first. */
const ROUNDS = 5;

/** The middle value of a non-empty list. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

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
      const contenders = [
        { name: "EngineClient", fn: oursCall },
        { name: "plain undici Client", fn: () => plainGet(path) },
        { name: "dockerode", fn: dockerodeCall },
      ];
      // The machine is shared, so load drifts during a run: measure ROUNDS rounds, rotating which contender
      // goes first, and judge the targets on the median of the per-round ratios.
      const vsUndici: number[] = [];
      const dockerodeVsOurs: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const order = [...contenders.slice(round % 3), ...contenders.slice(0, round % 3)];
        const rows = await compare(
          `EngineClient round trip: ${title} (round ${round + 1}/${ROUNDS})`,
          order,
          {
            timeMs: 800,
            iterations: 200,
          },
        );
        const mean = (name: string) => rows.find((row) => row.name === name)?.meanMs ?? Number.NaN;
        vsUndici.push(mean("EngineClient") / mean("plain undici Client"));
        dockerodeVsOurs.push(mean("dockerode") / mean("EngineClient"));
      }
      const ratio = median(vsUndici);
      const peer = median(dockerodeVsOurs);
      reportTarget(
        `${title}: EngineClient within ${UNDICI_TARGET}× of plain undici`,
        ratio <= UNDICI_TARGET,
        `median ${ratio.toFixed(2)}× over ${ROUNDS} rounds: ${vsUndici.map((r) => r.toFixed(2)).join(", ")}`,
      );
      reportTarget(
        `${title}: EngineClient faster than dockerode`,
        peer > 1,
        `dockerode takes a median ${peer.toFixed(2)}× as long: ${dockerodeVsOurs.map((r) => r.toFixed(2)).join(", ")}`,
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
