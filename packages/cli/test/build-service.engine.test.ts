/**
 * `enginekit build --service NAME [compose file]` on the real engine (tools/engine, 20.10): a Compose
 * service's build section (context, dockerfile, target, args, labels, extra_hosts, network, secrets, tags,
 * the service's image name) reaches the build, with the project found as `enginekit compose config` finds
 * it; bad services are one line. Skips outside CI without ENGINE_HOST.
 */
import { createHash } from "node:crypto";
import { EngineClient } from "@enginekit/api";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { afterAll, describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

describe("enginekit build --service on the real engine", skipIf(!host, NEEDS_ENGINE), () => {
  const image = `enginekit-test/compose-web:${process.pid}`;
  const extra = `enginekit-test/compose-web:extra-${process.pid}`;
  const env = { ENGINE_HOST: host! };
  afterAll(async () => {
    const engine = new EngineClient({ host: host! });
    for (const tag of [image, extra]) await engine.images.remove(tag, { force: true }).catch(() => undefined);
    await engine.close();
  });

  const project = () =>
    tree({
      "compose.yaml": [
        "name: ekproj",
        "services:",
        "  web:",
        `    image: ${image}`,
        "    build:",
        "      context: ./app",
        "      dockerfile: web.Containerfile",
        "      target: final",
        "      args:",
        "        GREETING: hello-from-compose",
        "      labels:",
        "        org.example.from: compose",
        "      network: none",
        "      extra_hosts:",
        '        - "db.internal:10.1.2.3"',
        "      secrets:",
        "        - source: tok",
        "          target: token",
        "      tags:",
        `        - ${extra}`,
        "  db:",
        `    image: ${BUSYBOX_IMAGE}`,
        "secrets:",
        "  tok:",
        "    environment: TOK_VALUE",
        "",
      ].join("\n"),
      "app/web.Containerfile": [
        `FROM ${BUSYBOX_IMAGE} AS base`,
        "FROM base AS final",
        "ARG GREETING",
        'RUN --mount=type=secret,id=token,required=true echo "greeting=$GREETING" && grep db.internal /etc/hosts && echo "token: $(sha256sum < /run/secrets/token | cut -c1-64)"',
        "FROM base AS last",
        "RUN echo the last stage is not the target; exit 7",
        "",
      ].join("\n"),
    });

  it("builds the service's build section: context, dockerfile, target, args, labels, hosts, secrets, tags", async () => {
    const dir = project();
    const r = await runCaptured(
      ["build", "--service", "web", "--progress", "plain", "--no-cache", "--label", "org.example.cli=yes"],
      { ...env, TOK_VALUE: "compose-token-Vx8" },
      dir,
    );
    expect(r.stderr).not.toMatch(/enginekit:/);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("greeting=hello-from-compose");
    expect(r.stderr).toMatch(/10\.1\.2\.3\s+db\.internal/);
    expect(r.stderr).toContain(`token: ${sha("compose-token-Vx8")}`);
    expect(r.stderr).not.toContain("compose-token-Vx8");
    const engine = new EngineClient({ host: host! });
    try {
      const built = (await engine.images.inspect(image)) as {
        Id: string;
        Config: { Labels: Record<string, string> };
      };
      expect(built.Config.Labels).toMatchObject({ "org.example.from": "compose", "org.example.cli": "yes" });
      expect(((await engine.images.inspect(extra)) as { Id: string }).Id).toBe(built.Id);
      expect(r.stdout.trim()).toBe(built.Id);
    } finally {
      await engine.close();
    }
  });

  it("a named Compose file from elsewhere; no project, an unknown service or one without build: is one line", async () => {
    const dir = project();
    const elsewhere = tree({});
    const unknown = await runCaptured(["build", "--service", "wbe", `${dir}/compose.yaml`], env, elsewhere);
    expect(unknown.stderr).toBe(
      `enginekit: --service wbe: no such service in ${dir}/compose.yaml; did you mean web?\n`,
    );
    expect(unknown.code).toBe(2);
    const imageOnly = await runCaptured(["build", "--service", "db", `${dir}/compose.yaml`], env, elsewhere);
    expect(imageOnly.stderr).toBe("enginekit: --service db: the service has no build: section\n");
    expect(imageOnly.code).toBe(2);
    const missing = await runCaptured(["build", "--service", "web"], env, elsewhere);
    expect(missing.stderr).toBe(
      `enginekit: no configuration file provided: not found (looked for compose.yaml, compose.yml, docker-compose.yml, docker-compose.yaml in ${elsewhere} and its parents)\n`,
    );
    expect(missing.code).toBe(2);
  });
});
