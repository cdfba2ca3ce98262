import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EngineClient } from "../../src/engine/client/index.js";
import { type LoopbackServer, sendJson, startLoopbackServer } from "./loopback-server.js";

/**
 * Every request/response endpoint of the document (engine §4) is reached with the right method, versioned
 * path and query. The real-engine suite covers behaviour; this table covers the endpoints a private engine
 * cannot exercise offline (plugins, registry auth and search, swarm join, node removal).
 */
let server: LoopbackServer;
let client: EngineClient;
beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    const lists = [
      "/containers/json",
      "/images/json",
      "/networks",
      "/plugins",
      "/nodes",
      "/services",
      "/tasks",
    ];
    const isList =
      lists.some((p) => req.url.split("?")[0] === `/v1.24${p}`) ||
      /\/(history|changes|search)(\?|$)/.test(req.url) ||
      (req.method === "DELETE" && req.url.startsWith("/v1.24/images/")) ||
      req.url.startsWith("/v1.24/plugins/pull");
    sendJson(res, 200, isList ? [] : {});
  });
  client = new EngineClient({ host: server.host, env: {}, negotiate: false });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const routes: [string, (c: EngineClient) => Promise<unknown>][] = [
  ["GET /v1.24/containers/json?all=1&limit=2", (c) => c.containers.list({ all: true, limit: 2 })],
  ["POST /v1.24/containers/create?name=web", (c) => c.containers.create({ Image: "x" }, { name: "web" })],
  ["GET /v1.24/containers/c%2F1/json?size=1", (c) => c.containers.inspect("c/1", { size: true })],
  ["GET /v1.24/containers/c1/top?ps_args=aux", (c) => c.containers.top("c1", { ps_args: "aux" })],
  ["GET /v1.24/containers/c1/changes", (c) => c.containers.changes("c1")],
  ["GET /v1.24/containers/c1/stats?stream=0", (c) => c.containers.stats("c1")],
  ["POST /v1.24/containers/c1/resize?h=24&w=80", (c) => c.containers.resize("c1", { h: 24, w: 80 })],
  [
    "POST /v1.24/containers/c1/start?detachKeys=ctrl-x",
    (c) => c.containers.start("c1", { detachKeys: "ctrl-x" }),
  ],
  ["POST /v1.24/containers/c1/stop?t=5", (c) => c.containers.stop("c1", { t: 5 })],
  ["POST /v1.24/containers/c1/restart?t=1", (c) => c.containers.restart("c1", { t: 1 })],
  ["POST /v1.24/containers/c1/kill?signal=SIGINT", (c) => c.containers.kill("c1", { signal: "SIGINT" })],
  ["POST /v1.24/containers/c1/update", (c) => c.containers.update("c1", { Memory: 1 << 26 })],
  ["POST /v1.24/containers/c1/rename?name=web2", (c) => c.containers.rename("c1", "web2")],
  ["POST /v1.24/containers/c1/pause", (c) => c.containers.pause("c1")],
  ["POST /v1.24/containers/c1/unpause", (c) => c.containers.unpause("c1")],
  ["POST /v1.24/containers/c1/wait", (c) => c.containers.wait("c1")],
  ["DELETE /v1.24/containers/c1?v=1&force=1", (c) => c.containers.remove("c1", { v: true, force: true })],
  ["GET /v1.24/images/json?digests=1", (c) => c.images.list({ digests: true })],
  ["GET /v1.24/images/team/app:1/json", (c) => c.images.inspect("team/app:1")],
  ["GET /v1.24/images/team/app:1/history", (c) => c.images.history("team/app:1")],
  [
    "POST /v1.24/images/app@sha256:ab/tag?repo=r&tag=t",
    (c) => c.images.tag("app@sha256:ab", { repo: "r", tag: "t" }),
  ],
  [
    "DELETE /v1.24/images/app?force=1&noprune=1",
    (c) => c.images.remove("app", { force: true, noprune: true }),
  ],
  ["GET /v1.24/images/search?term=busybox&limit=5", (c) => c.images.search({ term: "busybox", limit: 5 })],
  [
    "POST /v1.24/commit?container=c1&repo=r&pause=1",
    (c) => c.images.commit({ container: "c1", repo: "r", pause: true }),
  ],
  ["POST /v1.24/auth", (c) => c.system.auth({ username: "u", password: "p", serveraddress: "r.example" })],
  ["GET /v1.24/info", (c) => c.system.info()],
  ["GET /v1.24/version", (c) => c.system.version()],
  ["POST /v1.24/containers/c1/exec", (c) => c.exec.create("c1", { Cmd: ["true"] })],
  ["POST /v1.24/exec/e1/start", (c) => c.exec.startDetached("e1")],
  ["POST /v1.24/exec/e1/resize?h=10&w=20", (c) => c.exec.resize("e1", { h: 10, w: 20 })],
  ["GET /v1.24/exec/e1/json", (c) => c.exec.inspect("e1")],
  [
    "GET /v1.24/volumes?filters=%7B%22dangling%22%3A%5B%22true%22%5D%7D",
    (c) => c.volumes.list({ filters: { dangling: ["true"] } }),
  ],
  ["POST /v1.24/volumes/create", (c) => c.volumes.create({ Name: "v1" })],
  ["GET /v1.24/volumes/v1", (c) => c.volumes.inspect("v1")],
  ["DELETE /v1.24/volumes/v1", (c) => c.volumes.remove("v1")],
  ["GET /v1.24/networks", (c) => c.networks.list()],
  ["GET /v1.24/networks/n1", (c) => c.networks.inspect("n1")],
  ["POST /v1.24/networks/create", (c) => c.networks.create({ Name: "n1" })],
  ["POST /v1.24/networks/n1/connect", (c) => c.networks.connect("n1", { Container: "c1" })],
  [
    "POST /v1.24/networks/n1/disconnect",
    (c) => c.networks.disconnect("n1", { Container: "c1", Force: true }),
  ],
  ["DELETE /v1.24/networks/n1", (c) => c.networks.remove("n1")],
  ["GET /v1.24/plugins", (c) => c.plugins.list()],
  ["POST /v1.24/plugins/pull?name=vieux%2Fsshfs%3Alatest", (c) => c.plugins.pull("vieux/sshfs:latest")],
  ["GET /v1.24/plugins/vieux/sshfs:latest/json", (c) => c.plugins.inspect("vieux/sshfs:latest")],
  ["POST /v1.24/plugins/vieux/sshfs/enable", (c) => c.plugins.enable("vieux/sshfs")],
  ["POST /v1.24/plugins/vieux/sshfs/disable", (c) => c.plugins.disable("vieux/sshfs")],
  ["DELETE /v1.24/plugins/vieux/sshfs", (c) => c.plugins.remove("vieux/sshfs")],
  ["GET /v1.24/nodes", (c) => c.nodes.list()],
  ["GET /v1.24/nodes/n1", (c) => c.nodes.inspect("n1")],
  ["DELETE /v1.24/nodes/n1?force=1", (c) => c.nodes.remove("n1", { force: true })],
  [
    "POST /v1.24/nodes/n1/update?version=7",
    (c) => c.nodes.update("n1", 7, { Role: "worker", Availability: "drain" }),
  ],
  ["GET /v1.24/swarm", (c) => c.swarm.inspect()],
  ["POST /v1.24/swarm/init", (c) => c.swarm.init({ ListenAddr: "0.0.0.0:2377" })],
  [
    "POST /v1.24/swarm/join",
    (c) => c.swarm.join({ RemoteAddrs: ["10.0.0.1:2377"], JoinToken: "SWMTKN-1-x" }),
  ],
  ["POST /v1.24/swarm/leave?force=1", (c) => c.swarm.leave({ force: true })],
  [
    "POST /v1.24/swarm/update?version=3&rotateManagerToken=1",
    (c) => c.swarm.update({ version: 3, rotateManagerToken: true }, {}),
  ],
  ["GET /v1.24/services", (c) => c.services.list()],
  ["GET /v1.24/services/s1", (c) => c.services.inspect("s1")],
  [
    "POST /v1.24/services/s1/update?version=4",
    (c) => c.services.update("s1", 4, { TaskTemplate: { ContainerSpec: { Image: "x" } } }),
  ],
  ["DELETE /v1.24/services/s1", (c) => c.services.remove("s1")],
  ["GET /v1.24/tasks", (c) => c.tasks.list()],
  ["GET /v1.24/tasks/t1", (c) => c.tasks.inspect("t1")],
];

describe("every request/response endpoint", () => {
  test.each(routes)("%s", async (expected, call) => {
    const before = server.seen.length;
    await call(client);
    const seen = server.seen[before];
    expect(`${seen?.method} ${seen?.url}`).toBe(expected);
    if (seen?.method === "POST") expect(seen.headers["content-length"]).toBeDefined();
  });
});
