/**
 * `enginekit build --service NAME [compose file]` on the real engine (tools/engine, 20.10): a Compose
 * service's build section (context, dockerfile, target, args, labels, extra_hosts, network, secrets, tags,
 * the service's image name) reaches the build, with the project found as `enginekit compose config` finds
 * it; bad services are one line. Build secrets are served as Compose serves them (a project's `.env` value
 * with no further step; a variable of the user's environment only when the folder is listed as safe) and
 * their values appear in no output, history, image configuration or layer. Skips outside CI without
 * ENGINE_HOST.
 */
import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
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
        "        - dotenv_secret",
        "      tags:",
        `        - ${extra}`,
        "  db:",
        `    image: ${BUSYBOX_IMAGE}`,
        "secrets:",
        "  tok:",
        "    environment: TOK_VALUE",
        "  dotenv_secret:",
        "    environment: FROM_DOTENV",
        "",
      ].join("\n"),
      ".env": "FROM_DOTENV=dotenv-value-Q7z\n",
      "app/web.Containerfile": [
        `FROM ${BUSYBOX_IMAGE} AS base`,
        "FROM base AS final",
        "ARG GREETING",
        'RUN --mount=type=secret,id=token,required=true --mount=type=secret,id=dotenv_secret,required=true echo "greeting=$GREETING" && grep db.internal /etc/hosts && echo "token: $(sha256sum < /run/secrets/token | cut -c1-64)" && echo "dotenv: $(sha256sum < /run/secrets/dotenv_secret | cut -c1-64)" && cp /run/secrets/dotenv_secret /listing-dotenv && : > /listing-dotenv',
        "FROM base AS last",
        "RUN echo the last stage is not the target; exit 7",
        "",
      ].join("\n"),
    });

  it("builds the service's build section: context, dockerfile, target, args, labels, hosts, secrets, tags", async () => {
    const dir = project();
    const r = await runCaptured(
      ["build", "--service", "web", "--progress", "plain", "--no-cache", "--label", "org.example.cli=yes"],
      // the token comes from the user's environment: served because the folder is listed as safe
      { ...env, TOK_VALUE: "compose-token-Vx8", ENGINEKIT_SAFE_DIRECTORIES: dir },
      dir,
    );
    expect(r.stderr).not.toMatch(/enginekit:/);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("greeting=hello-from-compose");
    expect(r.stderr).toMatch(/10\.1\.2\.3\s+db\.internal/);
    expect(r.stderr).toContain(`token: ${sha("compose-token-Vx8")}`);
    expect(r.stderr).toContain(`dotenv: ${sha("dotenv-value-Q7z")}`);
    const values = ["compose-token-Vx8", "dotenv-value-Q7z"];
    for (const value of values) expect(r.stdout + r.stderr).not.toContain(value);
    const engine = new EngineClient({ host: host! });
    try {
      const built = (await engine.images.inspect(image)) as {
        Id: string;
        Config: { Labels: Record<string, string> };
      };
      const history = JSON.stringify(await engine.images.history(image));
      const layers = (await buffer(await engine.images.get(image))).toString("latin1");
      for (const value of values) {
        expect(history).not.toContain(value);
        expect(JSON.stringify(built)).not.toContain(value);
        expect(layers).not.toContain(value);
      }
      // the secret was there during the RUN (copied, then emptied), and its value is in no layer
      expect(layers).toContain("listing-dotenv");
      expect(built.Config.Labels).toMatchObject({ "org.example.from": "compose", "org.example.cli": "yes" });
      expect(((await engine.images.inspect(extra)) as { Id: string }).Id).toBe(built.Id);
      expect(r.stdout.trim()).toBe(built.Id);
    } finally {
      await engine.close();
    }
  });

  it("a variable of the user's environment is not served to a repository's Compose file: one line, nothing sent", async () => {
    const dir = project();
    const r = await runCaptured(
      ["build", "--service", "web"],
      { ...env, TOK_VALUE: "compose-token-Vx8" },
      dir,
    );
    expect(r.stderr).toBe(
      `enginekit: ${dir}/compose.yaml:17:11: build.secrets tok: the environment variable TOK_VALUE is not used: a repository's configuration may name only its own files and .env values. Give --secret id=token,…, or list ${dir} in ENGINEKIT_SAFE_DIRECTORIES or ~/.config/enginekit/safe-directories (docs/security.md)\n`,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain("compose-token-Vx8");
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
