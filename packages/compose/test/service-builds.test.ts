/**
 * `serviceBuilds`: each service's `build:` section read as Compose reads it — the context relative to the
 * file that wrote it (an included file's folder), a Git/HTTP(S) context as remote, `dockerfile` relative
 * to the context, and the build secrets under the id Compose serves (docker/compose `addSecretsConfig`:
 * the long syntax's `target`, else the `source`).
 */
import { describe, expect, test } from "vitest";
import { serviceBuilds } from "../src/index.js";
import { project } from "./helpers.js";

describe("serviceBuilds", () => {
  test("contexts, dockerfiles and build secret ids of each form", () => {
    const p = project({
      "compose.yaml": [
        "include: [sub/inc.yaml]",
        "services:",
        "  short: {build: ./app}",
        "  long:",
        "    build:",
        "      context: app",
        "      dockerfile: docker/web.Dockerfile",
        "      secrets:",
        "        - npmrc",
        "        - {source: gh, target: github_token}",
        "        - {source: plain}",
        "  git: {build: 'https://example.com/r.git#main'}",
        "  inline: {build: {dockerfile_inline: 'FROM a'}}",
        "  image: {image: alpine}",
        "",
      ].join("\n"),
      "sub/inc.yaml": "services:\n  included: {build: {context: ., secrets: [x]}}\n",
    });
    const builds = serviceBuilds(p).map(({ node: _, secrets, ...rest }) => ({
      ...rest,
      secrets: secrets.map((s) => `${s.source}->${s.id}`),
    }));
    expect(builds).toEqual([
      {
        service: "short",
        context: "/p/app",
        remoteContext: undefined,
        dockerfile: undefined,
        inline: false,
        secrets: [],
      },
      {
        service: "long",
        context: "/p/app",
        remoteContext: undefined,
        dockerfile: "/p/app/docker/web.Dockerfile",
        inline: false,
        secrets: ["npmrc->npmrc", "gh->github_token", "plain->plain"],
      },
      {
        service: "git",
        context: undefined,
        remoteContext: "https://example.com/r.git#main",
        dockerfile: undefined,
        inline: false,
        secrets: [],
      },
      {
        service: "inline",
        context: "/p",
        remoteContext: undefined,
        dockerfile: undefined,
        inline: true,
        secrets: [],
      },
      {
        service: "included",
        context: "/p/sub",
        remoteContext: undefined,
        dockerfile: undefined,
        inline: false,
        secrets: ["x->x"],
      },
    ]);
  });
});
