import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_SERVER_SETTINGS } from "@enginekit/language-server";
import { isIgnoreFileName, RULE_SEVERITIES, RULES } from "@enginekit/lint/files";
import { describe, expect, test } from "vitest";
import { documentSelector } from "../src/client/document-selector.js";
import { serverOptions } from "../src/client/server-options.js";
import { CLIENT_SETTINGS } from "../src/manifest/client-settings.js";
import { COMMANDS, extensionManifest } from "../src/manifest/extension-manifest.js";
import { COMPOSE_GLOB, DOCKERFILE_GLOB, ENGINEFILE_GLOB } from "../src/manifest/file-patterns.js";
import { type ConfigJsonSchema, settingLeaves } from "../src/manifest/server-settings.js";

const require = createRequire(import.meta.url);
const configSchema = JSON.parse(
  readFileSync(require.resolve("@enginekit/lint/schemas/enginekit-config.schema.json"), "utf8"),
) as ConfigJsonSchema;
const manifest = extensionManifest({
  version: "0.1.0",
  vscodeEngine: "^1.91.0",
  serverDefaults: DEFAULT_SERVER_SETTINGS,
  configSchema,
}) as {
  activationEvents: string[];
  contributes: {
    configuration: { properties: Record<string, Record<string, unknown>> };
    commands: { command: string }[];
    languages: { id: string; filenames?: string[]; filenamePatterns?: string[] }[];
  };
};
const properties = manifest.contributes.configuration.properties;

describe("the generated extension manifest", () => {
  test("contributes every server setting with the server's default", () => {
    for (const [key, value] of settingLeaves(DEFAULT_SERVER_SETTINGS))
      expect(properties[`enginekit.${key}`]?.default, key).toEqual(value);
    for (const key of ["secrets.address", "secrets.namespace", "secrets.tokenFile"])
      expect(properties[`enginekit.${key}`]?.type, key).toBe("string");
    for (const s of CLIENT_SETTINGS) expect(properties[`enginekit.${s.key}`]).toEqual(s.schema);
  });

  test("rules take their schema from .enginekit.yaml's zod schema: every rule id, every severity", () => {
    const rules = properties["enginekit.rules"] as {
      properties: Record<string, { enum: string[] }>;
      additionalProperties: { enum: string[] };
    };
    expect(Object.keys(rules.properties).sort()).toEqual(RULES.map((r) => r.meta.id).sort());
    expect(rules.additionalProperties.enum).toEqual([...RULE_SEVERITIES]);
    expect(rules.properties["maintainer-deprecated"]?.enum).toEqual([...RULE_SEVERITIES]);
  });

  test("a server setting without a description fails the build", () => {
    expect(() =>
      extensionManifest({
        version: "0.1.0",
        vscodeEngine: "^1.91.0",
        serverDefaults: { ...DEFAULT_SERVER_SETTINGS, imageCompletion: true },
        configSchema,
      }),
    ).toThrow("server setting enginekit.imageCompletion has no description");
  });

  test("registers the enginefile language and leaves Dockerfile names to VS Code's dockerfile language", () => {
    const enginefile = manifest.contributes.languages.find((l) => l.id === "enginefile");
    expect(enginefile?.filenames).toEqual(["Enginefile"]);
    expect(enginefile?.filenamePatterns).toEqual(["*.Enginefile", "Enginefile.*"]);
    const names = manifest.contributes.languages.flatMap((l) => [
      ...(l.filenames ?? []),
      ...(l.filenamePatterns ?? []),
    ]);
    expect(names.filter((n) => /dockerfile|containerfile/i.test(n))).toEqual([]);
    // Compose files keep their language (yaml, or the Docker extension's dockercompose); the extension
    // starts for them and syncs them by name
    expect(names.filter((n) => /compose/i.test(n))).toEqual([]);
    expect(manifest.activationEvents).toEqual(
      expect.arrayContaining(["onLanguage:dockercompose", `workspaceContains:${COMPOSE_GLOB}`]),
    );
    // every ignore-file name the server serves is an `ignore` document, never an Enginefile
    const ignore = manifest.contributes.languages.find((l) => l.id === "ignore");
    for (const name of [
      ".engineignore",
      "Enginefile.engineignore",
      ".dockerignore",
      "api.Dockerfile.dockerignore",
    ]) {
      expect(isIgnoreFileName(name), name).toBe(true);
      expect(
        ignore?.filenamePatterns?.some((p) =>
          new RegExp(`^${p.replace(".", "\\.").replace("*", ".*")}$`).test(name),
        ),
        name,
      ).toBe(true);
    }
    expect(manifest.contributes.commands.map((c) => c.command)).toEqual(COMMANDS.map((c) => c.command));
  });

  test("the build wrote this manifest into dist/extension (when built)", () => {
    const built = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "extension", "package.json");
    let text: string;
    try {
      text = readFileSync(built, "utf8");
    } catch {
      return; // not built: the build itself runs the generator
    }
    const parsed = JSON.parse(text) as typeof manifest;
    expect(parsed.contributes.configuration).toEqual(manifest.contributes.configuration);
  });
});

describe("the client's documents and server process", () => {
  test("selects enginefile, dockerfile per setting, manifest names, ignore files, Compose files and the manifests globs", () => {
    expect(documentSelector({ dockerfiles: false, manifests: ["deploy/*.yaml"] })).toEqual([
      { scheme: "file", language: "enginefile" },
      { scheme: "untitled", language: "enginefile" },
      { scheme: "file", language: "dockercompose" },
      { scheme: "untitled", language: "dockercompose" },
      { scheme: "file", pattern: ENGINEFILE_GLOB },
      { scheme: "file", pattern: "**/*.{container,service,network,volume,swarm}.{yaml,yml,json}" },
      { scheme: "file", pattern: "**/{*.engineignore,.engineignore,*.dockerignore,.dockerignore}" },
      { scheme: "file", pattern: COMPOSE_GLOB },
      { scheme: "file", pattern: "**/deploy/*.yaml" },
    ]);
    expect(documentSelector({ dockerfiles: true, manifests: [] })).toContainEqual({
      scheme: "file",
      pattern: DOCKERFILE_GLOB,
    });
    expect(documentSelector({ dockerfiles: true, manifests: [] })).toContainEqual({
      scheme: "file",
      language: "dockerfile",
    });
  });

  test("runs the bundled server over IPC, a .js CLI bundle over IPC, another command over stdio", () => {
    expect(serverOptions("/ext/server.mjs", "")).toEqual({ module: "/ext/server.mjs", transport: 1 });
    expect(serverOptions("/ext/server.mjs", "/opt/enginekit/enginekit.js")).toEqual({
      module: "/opt/enginekit/enginekit.js",
      args: ["lsp"],
      transport: 1,
    });
    expect(serverOptions("/ext/server.mjs", " /usr/local/bin/enginekit ")).toEqual({
      command: "/usr/local/bin/enginekit",
      args: ["lsp", "--stdio"],
      transport: 0,
    });
  });
});
