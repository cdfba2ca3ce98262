import {
  BUSYBOX_IMAGE,
  engineHostForTests,
  NO_ENGINE_MESSAGE,
  type StartedEngine,
  startEngine,
} from "@enginekit/engine-tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { NEEDS_ENGINE, skipIf } from "../../../../vitest.shared.js";
import {
  Network,
  Node,
  Service,
  ServiceCreateResponse,
  ServiceSpec,
  Swarm,
  SwarmInitBody,
  Task,
} from "../../src/engine/schemas/index.js";
import { EngineHttp } from "./engine-http.js";
import { serviceSpecExample } from "./fixtures.js";
import { expectParses, issuesOf, withValue } from "./issues.js";

/**
 * Swarm schemas against a real single-node swarm. The suite starts its own private engine
 * (tools/engine/start.sh) so that `swarm init` never disturbs the shared engine other suites use; it runs
 * wherever the engine tools can run (ENGINE_HOST set, i.e. CI and prepared machines).
 */
const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

const base = { TaskTemplate: { ContainerSpec: { Image: BUSYBOX_IMAGE, Command: ["sleep", "300"] } } };
const realistic = withValue(
  withValue(serviceSpecExample, ["TaskTemplate", "ContainerSpec"], {
    ...serviceSpecExample.TaskTemplate.ContainerSpec,
    Image: BUSYBOX_IMAGE,
    Command: ["sleep", "300"],
    Mounts: [
      {
        Source: "/tmp",
        Target: "/host-tmp",
        Type: "bind",
        ReadOnly: true,
        BindOptions: { Propagation: "rprivate" },
      },
    ],
  }),
  ["TaskTemplate", "Placement", "Constraints"],
  ["node.role == manager"],
);

/** Bodies both the schema and the engine refuse (engine §4.10 rules). */
const bothReject: [string, unknown][] = [
  ["networks given as names", withValue(base, ["TaskTemplate", "Networks"], ["backend"])],
  [
    "published ports with dnsrr",
    withValue(base, ["EndpointSpec"], { Mode: "dnsrr", Ports: [{ TargetPort: 80, PublishedPort: 18080 }] }),
  ],
  ["both Replicated and Global", withValue(base, ["Mode"], { Replicated: { Replicas: 1 }, Global: {} })],
  ["restart condition always", withValue(base, ["TaskTemplate", "RestartPolicy"], { Condition: "always" })],
  ["unknown update failure action", withValue(base, ["UpdateConfig"], { FailureAction: "explode" })],
  [
    "constraint without == or !=",
    withValue(base, ["TaskTemplate", "Placement"], { Constraints: ["node.role = manager"] }),
  ],
  ["negative replicas", withValue(base, ["Mode"], { Replicated: { Replicas: -1 } })],
  ["empty image", withValue(base, ["TaskTemplate", "ContainerSpec", "Image"], "")],
];

/**
 * Bodies the engine accepts at create time although they cannot work or lose settings; the schema reports
 * them up front (decisions in docs/api-schemas.md).
 */
const schemaStricter: [string, unknown, (string | number)[]][] = [
  [
    "the document's Reservation / CPU / Attempts spellings (silently dropped)",
    withValue(
      withValue(base, ["TaskTemplate", "Resources"], { Reservation: { NanoCPUs: 1000 }, Limits: { CPU: 5 } }),
      ["TaskTemplate", "RestartPolicy"],
      { Condition: "any", Attempts: 3 },
    ),
    ["TaskTemplate", "Resources", "Reservation"],
  ],
  [
    "BindOptions on a volume mount (tasks are rejected later)",
    withValue(
      base,
      ["TaskTemplate", "ContainerSpec", "Mounts"],
      [{ Type: "volume", Source: "data", Target: "/x", BindOptions: { Propagation: "rshared" } }],
    ),
    ["TaskTemplate", "ContainerSpec", "Mounts", 0, "BindOptions"],
  ],
  [
    "a relative bind source",
    withValue(
      base,
      ["TaskTemplate", "ContainerSpec", "Mounts"],
      [{ Type: "bind", Source: "rel", Target: "/x" }],
    ),
    ["TaskTemplate", "ContainerSpec", "Mounts", 0, "Source"],
  ],
];

describe("swarm schemas on a private single-node swarm", skipIf(!host, NEEDS_ENGINE), () => {
  let engine: StartedEngine;
  let http: EngineHttp;
  const services: string[] = [];

  beforeAll(async () => {
    engine = await startEngine({ timeoutSeconds: 60 });
    http = new EngineHttp(engine.host);
    const init = expectParses(SwarmInitBody, { ListenAddr: "127.0.0.1:0", AdvertiseAddr: "127.0.0.1" });
    const nodeId = await http.json("POST", "/v1.24/swarm/init", 200, init);
    expect(typeof nodeId).toBe("string");
  }, 90_000);

  afterAll(async () => {
    if (http) {
      for (const id of services) await http.send("DELETE", `/v1.24/services/${id}`);
      await http.send("POST", "/v1.24/swarm/leave?force=1");
      await http.close();
    }
    await engine?.stop();
  }, 90_000);

  const create = async (spec: unknown) => {
    const response = await http.send("POST", "/v1.24/services/create", spec);
    if (response.status === 201)
      services.push(expectParses(ServiceCreateResponse, JSON.parse(response.text)).ID);
    return response;
  };

  it("the realistic replicated service is valid and created; swarm, node, service and task parse", async () => {
    const network = await http.json("POST", "/v1.24/networks/create", 201, {
      Name: "backend",
      Driver: "overlay",
    });
    expect(network).toHaveProperty("Id");
    expect(issuesOf(ServiceSpec, realistic)).toEqual([]);
    const response = await create(realistic);
    expect(response.status, response.text).toBe(201);

    const swarm = expectParses(Swarm, await http.json("GET", "/v1.24/swarm", 200));
    expect(swarm.Spec?.Dispatcher?.HeartbeatPeriod).toBe(5_000_000_000);
    const nodes = expectParses(Node.array(), await http.json("GET", "/v1.24/nodes", 200));
    expect(nodes[0]?.Spec?.Role).toBe("manager");
    const service = expectParses(Service, await http.json("GET", `/v1.24/services/${services[0]}`, 200));
    expect(service.Spec?.TaskTemplate?.RestartPolicy?.Delay).toBe(10_000_000_000);
    expect(service.Spec?.UpdateConfig?.Delay).toBe(30_000_000_000);
    expectParses(Task.array(), await http.json("GET", "/v1.24/tasks", 200));
    expectParses(Network, await http.json("GET", "/v1.24/networks/backend", 200));
  });

  it.each(bothReject)("both reject: %s", async (_label, spec) => {
    expect(issuesOf(ServiceSpec, spec).length).toBeGreaterThan(0);
    const response = await create(spec);
    expect(response.status, response.text).toBeGreaterThanOrEqual(400);
  });

  it.each(schemaStricter)("schema reports what the engine accepts: %s", async (_label, spec, path) => {
    expect(issuesOf(ServiceSpec, spec).map((issue) => issue.path)).toContainEqual(path);
    const response = await create(spec);
    expect(response.status, response.text).toBe(201);
  });

  it("the engine drops the document's alternative spellings", async () => {
    const created = await create(schemaStricter[0]![1]);
    const id = expectParses(ServiceCreateResponse, JSON.parse(created.text)).ID;
    const service = expectParses(Service, await http.json("GET", `/v1.24/services/${id}`, 200));
    expect(service.Spec?.TaskTemplate?.Resources).not.toHaveProperty("Reservation");
    expect(service.Spec?.TaskTemplate?.RestartPolicy?.MaxAttempts ?? 0).toBe(0);
  });
});
