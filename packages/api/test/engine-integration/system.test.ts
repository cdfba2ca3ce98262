import { afterAll, describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../../vitest.shared.js";
import { compareApiVersions, EngineApiError, type EngineClient } from "../../src/engine/client/index.js";
import { engineClient, engineHost, IMAGE, uniqueName } from "./engine.js";

describe("system endpoints against the real engine", skipIf(!engineHost, NEEDS_ENGINE), () => {
  const client: EngineClient = engineHost ? engineClient() : (undefined as never);
  afterAll(() => client?.close());

  test("pingInfo reads GET /_ping's headers: the engine's API version and OS; 20.10 announces no default builder", async () => {
    const info = await client.system.pingInfo();
    const { engineMax } = await client.apiVersion();
    expect(info.apiVersion).toBe(engineMax);
    expect(info.osType).toBe("linux");
    // Builder-Version is sent by engines from 23.0 (`2` = BuildKit); the test engine is 20.10
    if (compareApiVersions(info.apiVersion!, "1.42") < 0) expect(info.builderVersion).toBeUndefined();
    else expect(info.builderVersion).toMatch(/^[12]$/);
  });

  test("ping, version (negotiated 1.24 on an engine accepting it), info", async () => {
    expect(await client.system.ping()).toBe("OK");
    const version = await client.system.version();
    expect(version.ApiVersion).toMatch(/^1\.\d+$/);
    const negotiated = await client.apiVersion();
    expect(negotiated.engineMax).toBe(version.ApiVersion);
    expect(negotiated.version).toBe(
      negotiated.engineMin && compareApiVersions(negotiated.engineMin, "1.24") > 0
        ? negotiated.engineMin
        : "1.24",
    );
    const info = await client.system.info();
    expect(typeof info.ServerVersion).toBe("string");
    expect(info.OSType).toBe("linux");
  });

  test("an unknown object is an EngineApiError 404 with the engine's message", async () => {
    const error = await client.containers.inspect("ek-test-no-such-container").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineApiError);
    expect(error).toMatchObject({ status: 404, method: "GET" });
    expect((error as EngineApiError).engineMessage).toMatch(/no such container/i);
  });

  test("plugins: list, and inspect of a missing plugin reaches the engine's plugin route (404 not found)", async () => {
    expect(await client.plugins.list()).toBeInstanceOf(Array);
    await expect(client.plugins.inspect("enginekit/no-such-plugin")).rejects.toMatchObject({
      status: 404,
      engineMessage: expect.stringMatching(/plugin .* not found/),
    });
  });

  test("the events stream delivers a container's create and destroy events", async () => {
    const name = uniqueName("events");
    const since = String(Math.floor(Date.now() / 1000) - 1);
    const controller = new AbortController();
    const events = await client.system.events(
      { since, filters: { type: ["container"], container: [name] } },
      { signal: controller.signal },
    );
    const { Id } = await client.containers.create({ Image: IMAGE, Cmd: ["true"] }, { name });
    await client.containers.remove(Id, { force: true });
    const actions: string[] = [];
    const timer = setTimeout(() => controller.abort(new Error("no destroy event within 10 s")), 10_000);
    for await (const event of events) {
      expect(event.Type).toBe("container");
      expect((event.Actor as { ID: string }).ID).toBe(Id);
      actions.push(String(event.Action));
      if (event.Action === "destroy") break;
    }
    clearTimeout(timer);
    expect(actions).toEqual(["create", "destroy"]);
  });
});
