import { afterAll, describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../../vitest.shared.js";
import type { EngineClient } from "../../src/engine/client/index.js";
import { engineClient, engineHost, IMAGE, uniqueName } from "./engine.js";

describe("volumes and networks against the real engine", skipIf(!engineHost, NEEDS_ENGINE), () => {
  const client: EngineClient = engineHost ? engineClient() : (undefined as never);
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await client?.close();
  });

  test("volume create → inspect → list (filtered) → remove; in-use removal is 409", async () => {
    const name = uniqueName("vol");
    const volume = await client.volumes.create({ Name: name, Labels: { "enginekit.test": "vol" } });
    cleanups.push(() => client.volumes.remove(name));
    expect(volume).toMatchObject({ Name: name, Driver: "local" });
    expect(await client.volumes.inspect(name)).toMatchObject({
      Name: name,
      Labels: { "enginekit.test": "vol" },
    });
    const list = await client.volumes.list({ filters: { name: [name] } });
    expect((list.Volumes ?? []).map((v) => v.Name)).toEqual([name]);
    const { Id } = await client.containers.create({
      Image: IMAGE,
      Cmd: ["true"],
      HostConfig: { Binds: [`${name}:/data`] },
    });
    cleanups.push(() => client.containers.remove(Id, { force: true }));
    await expect(client.volumes.remove(name)).rejects.toMatchObject({ status: 409 });
    await client.containers.remove(Id, { force: true });
    await client.volumes.remove(name);
    await expect(client.volumes.inspect(name)).rejects.toMatchObject({ status: 404 });
  });

  test("network create (bridge driver works with --bridge=none) → connect → disconnect → remove", async () => {
    const name = uniqueName("net");
    const created = await client.networks.create({
      Name: name,
      Driver: "bridge",
      Labels: { "enginekit.test": "net" },
    });
    cleanups.push(() => client.networks.remove(created.Id));
    expect(created.Id).toMatch(/^[0-9a-f]{64}$/);
    const { Id: containerId } = await client.containers.create({
      Image: IMAGE,
      Cmd: ["sleep", "30"],
      StopSignal: "SIGKILL",
    });
    cleanups.push(() => client.containers.remove(containerId, { force: true }));
    await client.networks.connect(name, { Container: containerId });
    await client.containers.start(containerId);
    const inspect = await client.networks.inspect(name);
    expect(Object.keys((inspect.Containers as Record<string, unknown>) ?? {})).toContain(containerId);
    const listed = await client.networks.list({ filters: { label: ["enginekit.test=net"], name: [name] } });
    expect(listed.map((n) => n.Name)).toEqual([name]);
    await client.networks.disconnect(name, { Container: containerId, Force: true });
    expect(Object.keys(((await client.networks.inspect(name)).Containers as object) ?? {})).not.toContain(
      containerId,
    );
    await client.containers.remove(containerId, { force: true });
    await client.networks.remove(name);
    await expect(client.networks.inspect(name)).rejects.toMatchObject({ status: 404 });
    await expect(client.networks.remove("none")).rejects.toMatchObject({ status: 403 });
  });
});
