import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../../vitest.shared.js";
import { EngineApiError, type EngineClient } from "../../src/engine/client/index.js";
import type { ServiceSpec, SwarmUpdateBody } from "../../src/engine/schemas/index.js";
import { engineClient, engineHost, IMAGE, uniqueName } from "./engine.js";

/** Polls `check` every 200 ms until it returns a value, at most `ms` milliseconds. */
async function eventually<T>(check: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe(
  "swarm on the real engine: init, services, tasks, nodes, leave",
  skipIf(!engineHost, NEEDS_ENGINE),
  () => {
    const client: EngineClient = engineHost ? engineClient() : (undefined as never);
    /** Whether this suite made the engine a swarm (then it must leave); false when it already was one. */
    let initialised = false;
    let serviceId: string | undefined;

    beforeAll(async () => {
      try {
        await client.swarm.init({
          ListenAddr: "127.0.0.1:0",
          AdvertiseAddr: "127.0.0.1",
          ForceNewCluster: false,
        });
        initialised = true;
      } catch (error) {
        // 503/406 "already part of a swarm": another suite on the shared engine made it one; use it, never leave it.
        if (!(error instanceof EngineApiError && /already part of a swarm/i.test(error.engineMessage)))
          throw error;
      }
    });

    afterAll(async () => {
      if (serviceId) await client.services.remove(serviceId).catch(() => {});
      if (initialised) await client.swarm.leave({ force: true });
      await client?.close();
    });

    test("init again is refused with the engine's message", async () => {
      await expect(
        client.swarm.init({ ListenAddr: "127.0.0.1:0", AdvertiseAddr: "127.0.0.1" }),
      ).rejects.toMatchObject({
        engineMessage: expect.stringMatching(/already part of a swarm/i),
      });
      const swarm = await client.swarm.inspect();
      expect(swarm.ID).toBeTruthy();
      expect(typeof (swarm.Version as { Index: number }).Index).toBe("number");
    });

    test("swarm update rotates the worker join token (version from inspect)", async () => {
      const before = await client.swarm.inspect();
      const version = (before.Version as { Index: number }).Index;
      // The inspected spec (a response, loose and nullable) is sent back as the update body.
      const spec = (before.Spec ?? {}) as SwarmUpdateBody;
      await client.swarm.update({ version, rotateWorkerToken: true }, spec);
      const after = await client.swarm.inspect();
      expect(after.JoinTokens?.Worker).toBeTruthy();
      expect(after.JoinTokens?.Worker).not.toBe(before.JoinTokens?.Worker);
      expect(after.JoinTokens?.Manager).toBe(before.JoinTokens?.Manager);
      await expect(client.swarm.update({ version }, spec)).rejects.toBeInstanceOf(EngineApiError);
    });

    test("node update sets labels (the payload replaces the spec)", async () => {
      const [first] = await client.nodes.list();
      const node = await client.nodes.inspect(String(first?.ID));
      const version = (node.Version as { Index: number }).Index;
      await client.nodes.update(String(node.ID), version, {
        Role: "manager",
        Availability: "active",
        Labels: { "enginekit.test": "node" },
      });
      expect((await client.nodes.inspect(String(node.ID))).Spec).toMatchObject({
        Labels: { "enginekit.test": "node" },
        Availability: "active",
      });
    });

    test("nodes: this engine is a ready manager", async () => {
      const nodes = await client.nodes.list({ filters: { role: ["manager"] } });
      expect(nodes.length).toBeGreaterThanOrEqual(1);
      const node = await client.nodes.inspect(String(nodes[0]?.ID));
      expect(node.Status).toMatchObject({ State: "ready" });
      expect(node.Spec).toMatchObject({ Role: "manager" });
    });

    test("service create → inspect → tasks running → update → remove", async () => {
      const name = uniqueName("svc");
      const spec: ServiceSpec = {
        Name: name,
        Labels: { "enginekit.test": "svc" },
        TaskTemplate: {
          ContainerSpec: { Image: IMAGE, Command: ["sleep", "300"] },
          RestartPolicy: { Condition: "none" },
        },
        Mode: { Replicated: { Replicas: 1 } },
      };
      const { ID } = await client.services.create(spec);
      serviceId = ID;
      const service = await client.services.inspect(name);
      expect(service.ID).toBe(ID);
      expect(service.Spec).toMatchObject({ Name: name, Labels: { "enginekit.test": "svc" } });
      const listed = await client.services.list({ filters: { name: [name] } });
      expect(listed.map((s) => s.ID)).toEqual([ID]);

      const task = await eventually(
        async () => {
          const tasks = await client.tasks.list({ filters: { service: [ID] } });
          return tasks.find((t) => (t.Status as { State: string }).State === "running");
        },
        15_000,
        "a running task",
      );
      expect((await client.tasks.inspect(String(task.ID))).ServiceID).toBe(ID);

      const version = (service.Version as { Index: number }).Index;
      await client.services.update(ID, version, { ...spec, Labels: { "enginekit.test": "svc-updated" } });
      expect((await client.services.inspect(ID)).Spec).toMatchObject({
        Labels: { "enginekit.test": "svc-updated" },
      });
      await expect(client.services.update(ID, version, spec)).rejects.toBeInstanceOf(EngineApiError);

      await client.services.remove(ID);
      serviceId = undefined;
      await expect(client.services.inspect(ID)).rejects.toMatchObject({ status: 404 });
    });
  },
);
