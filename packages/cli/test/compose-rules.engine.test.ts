/**
 * The two Compose linter rules that report errors, judged by the real engine (Debian docker.io 20.10,
 * API 1.41): `compose/container-name` (the engine's name pattern) and `compose/duplicate-container-name`
 * (one name per engine). Each Compose text is linted, then its services' create bodies (`engineBodies`)
 * are created on the engine under their `container_name`: a lint error must match a refusal, and a name the
 * linter accepts must be created. Nothing is started; every container is removed.
 */

import { engineBodies, loadProject, memoryFileSystem } from "@enginekit/compose";
import { BUSYBOX_IMAGE, engineHostForTests, engineRequest, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { DEFAULT_SETTINGS, lintText } from "@enginekit/lint";
import { afterAll, describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);
const created: string[] = [];
afterAll(async () => {
  for (const id of created) await engineRequest(host!, "DELETE", `/v1.41/containers/${id}?force=1&v=1`);
});

/** A project whose services set these container names (unique per run, so runs cannot collide). */
function composeText(names: readonly string[]): string {
  return [
    "services:",
    ...names.flatMap((name, i) => [
      `  s${i}:`,
      `    image: ${BUSYBOX_IMAGE}`,
      `    container_name: ${JSON.stringify(name)}`,
      "    network_mode: none",
    ]),
    "",
  ].join("\n");
}

/** Creates each service's body under its container name, in order; the engine's status for each. */
async function createAll(text: string): Promise<number[]> {
  const project = loadProject({
    workingDir: "/p",
    environment: {},
    fileSystem: memoryFileSystem({ "/p/compose.yaml": text }),
  });
  const statuses: number[] = [];
  for (const { name, body } of Object.values(engineBodies(project))) {
    const reply = await engineRequest(
      host!,
      "POST",
      `/v1.41/containers/create?name=${encodeURIComponent(name)}`,
      JSON.stringify(body),
    );
    if (reply.status === 201) created.push((JSON.parse(reply.text) as { Id: string }).Id);
    statuses.push(reply.status);
  }
  return statuses;
}

function errorRules(text: string): string[] {
  return lintText(text, "compose", "compose.yaml", DEFAULT_SETTINGS)
    .filter((f) => f.severity === "error")
    .map((f) => f.ruleId);
}

describe("the Compose linters' error rules agree with the engine", skipIf(!host, NEEDS_ENGINE), () => {
  const run = `ek${process.pid}x${Date.now().toString(36)}`;

  test("container names: refused exactly where compose/container-name reports", async () => {
    for (const name of [`${run}-a.b_c`, `/${run}-slash`, "my web", "a", `${run}/x`, `-${run}`]) {
      const text = composeText([name]);
      const linted = errorRules(text).includes("compose/container-name");
      const [status] = await createAll(text);
      expect({ name, refused: status !== 201 }).toEqual({ name, refused: linted });
    }
  });

  test("two services with one container name: the second is refused (409), as compose/duplicate-container-name says", async () => {
    const text = composeText([`${run}-dup`, `${run}-dup`]);
    expect(errorRules(text)).toEqual(["compose/duplicate-container-name"]);
    expect(await createAll(text)).toEqual([201, 409]);
  });
});
