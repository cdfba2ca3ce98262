import { afterAll, describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../../vitest.shared.js";
import {
  collectOutput,
  EngineApiError,
  type EngineClient,
  pathStatKind,
} from "../../src/engine/client/index.js";
import { engineClient, engineHost, firstFileOfTar, IMAGE, tarOf, uniqueName } from "./engine.js";

describe("containers against the real engine", skipIf(!engineHost, NEEDS_ENGINE), () => {
  const client: EngineClient = engineHost ? engineClient() : (undefined as never);
  const created: string[] = [];
  afterAll(async () => {
    for (const id of created) await client.containers.remove(id, { force: true, v: true }).catch(() => {});
    await client?.close();
  });

  async function create(name: string, body: Record<string, unknown>) {
    const response = await client.containers.create({ Image: IMAGE, ...body }, { name });
    created.push(response.Id);
    return response;
  }

  test("create with HostConfig limits → start → wait → logs → remove", async () => {
    const name = uniqueName("run");
    const { Id, Warnings } = await create(name, {
      Cmd: ["sh", "-c", "echo out; echo err >&2; exit 3"],
      Labels: { "enginekit.test": "run" },
      HostConfig: { Memory: 64 * 1024 * 1024, MemorySwap: 128 * 1024 * 1024, CpuShares: 512, PidsLimit: 64 },
    });
    expect(Id).toMatch(/^[0-9a-f]{64}$/);
    expect(Warnings ?? []).toBeInstanceOf(Array);
    expect(await client.containers.start(Id)).toEqual({ changed: true });
    expect(await client.containers.wait(Id)).toMatchObject({ StatusCode: 3 });
    const output = await collectOutput(await client.containers.logs(Id, { stdout: true, stderr: true }));
    expect(output).toEqual({ stdin: "", stdout: "out\n", stderr: "err\n" });
    const inspect = await client.containers.inspect(name);
    expect(inspect.Id).toBe(Id);
    expect(inspect.Name).toBe(`/${name}`);
    const state = inspect.State as { Status: string; ExitCode: number };
    expect(state).toMatchObject({ Status: "exited", ExitCode: 3 });
    const hostConfig = inspect.HostConfig as { Memory: number; CpuShares: number; PidsLimit: number };
    expect(hostConfig).toMatchObject({ Memory: 64 * 1024 * 1024, CpuShares: 512, PidsLimit: 64 });
    const listed = await client.containers.list({
      all: true,
      filters: { label: ["enginekit.test=run"], name: [name] },
    });
    expect(listed.map((c) => c.Id)).toContain(Id);
    await client.containers.remove(Id);
    await expect(client.containers.inspect(Id)).rejects.toMatchObject({ status: 404 });
  });

  test("list filters by status; start of a running container reports no change (304); stop", async () => {
    const { Id } = await create(uniqueName("sleep"), { Cmd: ["sleep", "30"], StopSignal: "SIGKILL" });
    await client.containers.start(Id);
    const running = await client.containers.list({ filters: { status: ["running"] } });
    expect(running.map((c) => c.Id)).toContain(Id);
    const exited = await client.containers.list({ all: true, filters: { status: ["exited"] } });
    expect(exited.map((c) => c.Id)).not.toContain(Id);
    expect(await client.containers.start(Id)).toEqual({ changed: false });
    const top = await client.containers.top(Id);
    expect((top.Processes ?? []).some((p) => p.join(" ").includes("sleep 30"))).toBe(true);
    expect(await client.containers.stop(Id, { t: 1 })).toEqual({ changed: true });
    expect(await client.containers.stop(Id, { t: 1 })).toEqual({ changed: false });
  });

  test("logs with follow stream while the container runs; leaving the loop closes the stream", async () => {
    const { Id } = await create(uniqueName("follow"), {
      Cmd: ["sh", "-c", "i=0; while true; do i=$((i+1)); echo line-$i; sleep 0.1; done"],
      StopSignal: "SIGKILL",
    });
    await client.containers.start(Id);
    const lines: string[] = [];
    for await (const frame of await client.containers.logs(Id, { follow: true, stdout: true })) {
      lines.push(...Buffer.from(frame.data).toString().split("\n").filter(Boolean));
      if (lines.length >= 3) break;
    }
    expect(lines.slice(0, 3)).toEqual(["line-1", "line-2", "line-3"]);
    await client.containers.kill(Id);
  });

  test("archive: HEAD stat (X-Docker-Container-Path-Stat on the real engine), PUT a tar, GET it back", async () => {
    const { Id } = await create(uniqueName("archive"), { Cmd: ["true"] });
    const dir = await client.containers.archiveStat(Id, "/etc");
    expect(dir.name).toBe("etc");
    expect(pathStatKind(dir)).toBe("directory");
    await client.containers.putArchive(Id, "/tmp", tarOf({ "hello.txt": "hello from enginekit\n" }));
    const { stat, tar } = await client.containers.getArchive(Id, "/tmp/hello.txt");
    expect(stat).toMatchObject({ name: "hello.txt", size: 21 });
    expect(stat && pathStatKind(stat)).toBe("file");
    expect(await firstFileOfTar(tar)).toEqual({ name: "hello.txt", text: "hello from enginekit\n" });
    await expect(client.containers.getArchive(Id, "/no/such/path")).rejects.toBeInstanceOf(EngineApiError);
    await expect(client.containers.putArchive(Id, "/no/such/dir", tarOf({ a: "" }))).rejects.toMatchObject({
      status: 404,
    });
  });

  test("exec: create → start (output stream) → inspect; hijacked attach carries stdin", async () => {
    const { Id } = await create(uniqueName("exec"), { Cmd: ["sleep", "30"], StopSignal: "SIGKILL" });
    await client.containers.start(Id);
    const exec = await client.exec.create(Id, {
      Cmd: ["sh", "-c", "echo in-exec; exit 4"],
      AttachStdout: true,
      AttachStderr: true,
    });
    const output = await collectOutput(await client.exec.start(exec.Id));
    expect(output.stdout).toBe("in-exec\n");
    const inspect = await client.exec.inspect(exec.Id);
    expect(inspect).toMatchObject({ Running: false, ExitCode: 4, ContainerID: Id });

    const cat = await client.exec.create(Id, {
      Cmd: ["cat"],
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
    });
    const session = await client.exec.attach(cat.Id);
    await session.write("echoed through the hijacked connection\n");
    session.closeStdin();
    expect((await collectOutput(session.output)).stdout).toBe("echoed through the hijacked connection\n");
    const detached = await client.exec.create(Id, { Cmd: ["sleep", "5"], Tty: true });
    await client.exec.startDetached(detached.Id, { Tty: true });
    await client.exec.resize(detached.Id, { h: 30, w: 90 });
    expect(await client.exec.inspect(detached.Id)).toMatchObject({ Running: true });
    await client.containers.kill(Id);
    await expect(client.exec.attach("ek-test-no-such-exec")).rejects.toMatchObject({
      status: 404,
      engineMessage: expect.stringMatching(/no such exec/i),
    });
    await expect(
      client.containers.attach("ek-test-no-such-container", { stream: true }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  test("attach over a WebSocket (GET /attach/ws through the client's pool)", async () => {
    const { Id } = await create(uniqueName("ws"), { Cmd: ["sh", "-c", "sleep 0.3; echo hello-ws"] });
    const socket = await client.containers.attachWebSocket(Id, { stream: true, stdout: true, logs: true });
    socket.binaryType = "arraybuffer";
    const received: string[] = [];
    const closed = new Promise<void>((resolve, reject) => {
      socket.onmessage = (event) => received.push(Buffer.from(event.data as ArrayBuffer).toString());
      socket.onclose = () => resolve();
      socket.onerror = () => reject(new Error("WebSocket error"));
    });
    await new Promise<void>((resolve) => (socket.onopen = () => resolve()));
    await client.containers.start(Id);
    await closed;
    expect(received.join("")).toBe("hello-ws\n");
  });

  test("attach to a TTY container (hijacked, raw stream)", async () => {
    const { Id } = await create(uniqueName("attach"), {
      Cmd: ["sh", "-c", "read line; echo got:$line"],
      Tty: true,
      OpenStdin: true,
      StdinOnce: true,
      AttachStdin: true,
      AttachStdout: true,
    });
    const session = await client.containers.attach(
      Id,
      { stream: true, stdin: true, stdout: true },
      { tty: true },
    );
    await client.containers.start(Id);
    await session.write("ping\n");
    const { stdout } = await collectOutput(session.output);
    expect(stdout).toContain("got:ping");
    expect(await client.containers.wait(Id)).toMatchObject({ StatusCode: 0 });
  });
  test("pause/unpause, rename, update, restart, resize, changes, stats, export, commit", async () => {
    const name = uniqueName("ops");
    const { Id } = await create(name, {
      Cmd: ["sh", "-c", "touch /made-here; sleep 30"],
      Tty: true,
      StopSignal: "SIGKILL",
    });
    await client.containers.start(Id);
    await client.containers.pause(Id);
    expect((await client.containers.inspect(Id)).State?.Status).toBe("paused");
    await expect(client.exec.create(Id, { Cmd: ["true"] })).rejects.toMatchObject({ status: 409 });
    await client.containers.unpause(Id);
    const renamed = `${name}-renamed`;
    await client.containers.rename(Id, renamed);
    expect((await client.containers.inspect(renamed)).Id).toBe(Id);
    const update = await client.containers.update(Id, {
      CpuShares: 256,
      RestartPolicy: { Name: "on-failure", MaximumRetryCount: 2 },
    });
    expect(update.Warnings ?? []).toEqual([]);
    expect((await client.containers.inspect(Id)).HostConfig).toMatchObject({ CpuShares: 256 });
    await client.containers.resize(Id, { h: 40, w: 100 });
    await client.containers.restart(Id, { t: 1 });
    const changes = await client.containers.changes(Id);
    expect(changes).toContainEqual({ Path: "/made-here", Kind: 1 });
    const stats = await client.containers.stats(Id);
    expect(typeof stats.read).toBe("string");
    const exported = await client.containers.export(Id);
    let bytes = 0;
    for await (const chunk of exported) bytes += (chunk as Buffer).length;
    expect(bytes).toBeGreaterThan(1024);
    const repo = uniqueName("commit");
    const { Id: imageId } = await client.images.commit({
      container: Id,
      repo,
      tag: "v1",
      comment: "by enginekit",
    });
    expect(imageId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await client.images.inspect(`${repo}:v1`)).Comment).toBe("by enginekit");
    await client.images.remove(`${repo}:v1`);
  });
});
