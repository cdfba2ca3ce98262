import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ConfigError } from "../src/config/config-error.js";
import { findConfigFile } from "../src/config/find-config.js";
import { findConfig, loadConfigFile, parseConfig } from "../src/config/load.js";
import { ProjectSettings } from "../src/node/project-settings.js";

const errorOf = (text: string) => {
  try {
    parseConfig(text, ".enginekit.yaml");
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  return "no error";
};

describe(".enginekit.yaml", () => {
  test("a full configuration parses", () => {
    const c = parseConfig(
      [
        "rules:",
        "  no-sudo: error",
        "  manifest/limit: warning",
        "  instruction-casing: off",
        "ignore: [vendor/**]",
        "manifests: ['deploy/*.yaml']",
        "dockerfiles: true",
        "trustedRegistries: ['*.gcr.io', docker.io]",
        "failureThreshold: warning",
        "inlineSuppressions: false",
        "secrets: { address: 'https://127.0.0.1:8200', namespace: team/ }",
      ].join("\n"),
      "x",
    );
    expect(c.rules).toEqual({ "no-sudo": "error", "manifest/limit": "warning", "instruction-casing": "off" });
    expect(c.failureThreshold).toBe("warning");
    expect(c.secrets?.namespace).toBe("team/");
  });

  test("an unknown rule id is an error at its key (1-based line:column)", () => {
    expect(errorOf("failureThreshold: error\nrules:\n  no-sudo: off\n  no-sodu: off\n")).toBe(
      '.enginekit.yaml:4:3: unknown rule "no-sodu"; did you mean "no-sudo"? (see enginekit lint --list-rules)',
    );
  });

  test("a bad severity, an unknown setting, a token and broken YAML are located errors", () => {
    expect(errorOf("rules:\n  no-sudo: fatal\n")).toMatch(/^\.enginekit\.yaml:2:12: rules\.no-sudo: /);
    expect(errorOf("failureTreshold: error\n")).toBe(
      '.enginekit.yaml:1:1: unknown setting "failureTreshold"',
    );
    expect(errorOf("secrets:\n  token: s.abc\n")).toBe(
      '.enginekit.yaml:2:3: secrets: unknown setting "token" (never store a token here: use SVC_TOKEN or ~/.svc-token)',
    );
    expect(errorOf("rules: [\n")).toMatch(/^\.enginekit\.yaml:2:1: /);
  });

  test("build.secrets: one source per id, located errors for the rest", () => {
    const c = parseConfig(
      "build:\n  secrets:\n    npmrc: {svc: secret/ci#npmrc}\n    tok: {env: NPM_TOKEN}\n    netrc: {src: ./netrc}\n",
      "x",
    );
    expect(c.build?.secrets).toEqual({
      npmrc: { svc: "secret/ci#npmrc" },
      tok: { env: "NPM_TOKEN" },
      netrc: { src: "./netrc" },
    });
    expect(errorOf("build:\n  secrets:\n    a: {src: f, env: V}\n")).toBe(
      ".enginekit.yaml:3:8: build.secrets.a: give exactly one of src, env and svc",
    );
    expect(errorOf("build:\n  secrets:\n    a: {svc: secret/ci}\n")).toMatch(
      /^\.enginekit\.yaml:3:\d+: build\.secrets\.a\.svc: expected <mount>\/<path>#<field>/,
    );
    expect(errorOf("build:\n  secrets:\n    'a b': {env: V}\n")).toMatch(
      /^\.enginekit\.yaml:3:5: .*letters, digits/,
    );
    expect(errorOf("build:\n  secrets:\n    a: {value: hunter2}\n")).toMatch(
      /^\.enginekit\.yaml:3:9: .*unknown setting "value"/,
    );
  });

  test("an empty file is an empty configuration", () => {
    expect(parseConfig("", "x")).toEqual({});
  });
});

describe("configuration lookup and command-line overrides", () => {
  const root = mkdtempSync(join(tmpdir(), "enginekit-config-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "app", "sub"), { recursive: true });
  mkdirSync(join(root, "other"), { recursive: true });
  writeFileSync(join(root, ".enginekit.yaml"), "rules:\n  no-sudo: info\nfailureThreshold: error\n");
  writeFileSync(join(root, "app", ".enginekit.yml"), "rules:\n  no-sudo: off\ntrustedRegistries: [gcr.io]\n");

  test("the nearest file upward wins (no merging across files)", () => {
    expect(findConfig(join(root, "app", "sub"))?.file).toBe(join(root, "app", ".enginekit.yml"));
    expect(findConfig(join(root, "other"))?.file).toBe(join(root, ".enginekit.yaml"));
  });

  test("per-file settings: config values, then command-line overrides", () => {
    const project = new ProjectSettings(
      root,
      { rules: { "cd-in-run": "error" }, failureThreshold: "style" },
      loadConfigFile,
    );
    const app = project.forFile(join(root, "app", "sub", "Enginefile"));
    expect(app.settings.rules).toEqual({ "no-sudo": "off", "cd-in-run": "error" });
    expect(app.settings.enginefile.trustedRegistries).toEqual(["gcr.io"]);
    expect(app.failureThreshold).toBe("style");
    const other = new ProjectSettings(root, {}, loadConfigFile).forFile(join(root, "other", "Enginefile"));
    expect(other.settings.rules).toEqual({ "no-sudo": "info" });
    expect(other.failureThreshold).toBe("error");
    // the rules see the ids of build.secrets only, never their sources
    expect(other.settings.enginefile.buildSecrets).toBeUndefined();
    mkdirSync(join(root, "built"), { recursive: true });
    writeFileSync(join(root, "built", ".enginekit.yaml"), "build:\n  secrets:\n    npmrc: {env: NPM_RC}\n");
    const built = new ProjectSettings(root, {}, loadConfigFile).forFile(join(root, "built", "Enginefile"));
    expect(built.settings.enginefile.buildSecrets).toEqual(["npmrc"]);
  });
});

test("findConfigFile with a cache answers like without one and keeps the answer for every folder it looked in", () => {
  const root = mkdtempSync(join(tmpdir(), "ek-find-config-"));
  try {
    mkdirSync(join(root, "a/b/c"), { recursive: true });
    mkdirSync(join(root, "a/d"), { recursive: true });
    writeFileSync(join(root, "a/.enginekit.yaml"), "rules: {}\n");
    const cache = new Map<string, string | undefined>();
    const config = join(root, "a/.enginekit.yaml");
    expect(findConfigFile(join(root, "a/b/c"), cache)).toBe(config);
    expect([...cache.keys()].sort()).toEqual([join(root, "a"), join(root, "a/b"), join(root, "a/b/c")]);
    // a sibling stops at the cached parent; the answers agree with uncached lookups
    expect(findConfigFile(join(root, "a/d"), cache)).toBe(config);
    expect(cache.get(join(root, "a/d"))).toBe(config);
    for (const dir of ["a/b/c", "a/d", "a"]) expect(findConfigFile(join(root, dir))).toBe(config);
    // outside the configured folder: nothing, remembered up to the file system root
    const none = new Map<string, string | undefined>();
    expect(findConfigFile(root, none)).toBeUndefined();
    expect(none.get("/")).toBeUndefined();
    expect(none.has("/")).toBe(true);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

describe("hadolint and BuildKit names, and .hadolint.yaml", () => {
  test("rule settings accept hadolint and BuildKit names; a rule's own id wins over a peer name", () => {
    const c = parseConfig(
      "rules:\n  DL3004: error\n  StageNameCasing: off\n  DL3020: off\n  add-instead-of-copy: info\n",
      "x",
    );
    expect(c.rules).toEqual({
      "no-sudo": "error",
      "stage-name-casing": "off",
      "add-instead-of-copy": "info",
    });
    expect(errorOf("rules:\n  DL9999: off\n")).toBe(
      '.enginekit.yaml:2:3: unknown rule "DL9999" (see enginekit lint --list-rules)',
    );
  });

  test("a .hadolint.yaml maps onto the enginekit settings; codes without a counterpart are skipped", () => {
    const c = parseConfig(
      [
        "ignored: [DL3007, DL3008, SC2086, DL9999]",
        "override:",
        "  error: [DL3020]",
        "  style: [DL3004]",
        "failure-threshold: warning",
        "trustedRegistries: [docker.io, '*.gcr.io']",
        "disable-ignore-pragma: true",
        "label-schema: { maintainer: text, org.opencontainers.image.created: rfc3339 }",
        "strict-labels: true",
        "format: tty",
        "no-color: true",
      ].join("\n"),
      ".hadolint.yaml",
    );
    expect(c).toEqual({
      rules: {
        "add-instead-of-copy": "error",
        "no-sudo": "style",
        "latest-base-image": "off",
        "apt-version-pin": "off",
        "shellcheck/SC2086": "off",
      },
      failureThreshold: "warning",
      trustedRegistries: ["docker.io", "*.gcr.io"],
      inlineSuppressions: false,
      labelSchema: { maintainer: "text", "org.opencontainers.image.created": "rfc3339" },
      strictLabels: true,
    });
    expect(parseConfig("no-fail: true\nfailure-threshold: error\n", ".hadolint.yml").failureThreshold).toBe(
      "none",
    );
    expect(parseConfig("failure-threshold: ignore\n", ".hadolint.yaml").failureThreshold).toBe("none");
  });

  test("a .hadolint.yaml setting of the wrong shape is a located error", () => {
    const error = (text: string) => {
      try {
        parseConfig(text, ".hadolint.yaml");
      } catch (e) {
        if (e instanceof ConfigError) return e.message;
        throw e;
      }
      return "no error";
    };
    expect(error("ignored: DL3008\n")).toBe(".hadolint.yaml:1:10: ignored: expected a list of strings");
    expect(error("override:\n  fatal: [DL3008]\n")).toBe(
      ".hadolint.yaml:2:10: override.fatal: use error, warning, info or style",
    );
  });

  test(".hadolint.yaml applies where no .enginekit.yaml does; .enginekit.yaml wins in the same folder", () => {
    const root = mkdtempSync(join(tmpdir(), "ek-hadolint-"));
    try {
      mkdirSync(join(root, "both"));
      writeFileSync(join(root, ".hadolint.yaml"), "ignored: [DL3004]\ntrustedRegistries: [docker.io]\n");
      writeFileSync(join(root, "both", ".hadolint.yml"), "ignored: [DL3020]\n");
      writeFileSync(join(root, "both", ".enginekit.yaml"), "rules: { cd-in-run: off }\n");
      const project = new ProjectSettings(root, {}, loadConfigFile);
      const top = project.forFile(join(root, "Enginefile"));
      expect(top.settings.rules).toEqual({ "no-sudo": "off" });
      expect(top.settings.enginefile.trustedRegistries).toEqual(["docker.io"]);
      expect(project.forFile(join(root, "both", "Enginefile")).settings.rules).toEqual({
        "cd-in-run": "off",
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
