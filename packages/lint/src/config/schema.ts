/**
 * `LintConfigSchema`: the zod schema of `.enginekit.yaml` (rule severities, ignore patterns, manifest globs,
 * API version, trusted registries, label schema, failure threshold, suppressions, secrets service, engine,
 * build secrets), the project's own format documented in docs/lint.md "Configuration"; `LintConfig` is its
 * type.
 */

import { isManifestApiVersion } from "@enginekit/manifests/schema-free";
import { parseDurationMs } from "@enginekit/text";
import { z } from "zod";
import { LABEL_TYPES } from "../enginefile/label-types.js";
import { RULE_SEVERITIES, SEVERITIES } from "../model/severity.js";

/**
 * A time limit in the configuration: a duration as the environment variables take it (`10s`, `2m`,
 * `500ms`, `1m30s`) or a number of seconds; `0` is no limit (`parseDurationMs` in `@enginekit/text`).
 */
const Duration = z
  .union([z.string(), z.number().nonnegative()])
  .refine((value) => parseDurationMs(String(value)) !== undefined, {
    error: "expected a duration like 10s, 2m or 500ms, or a number of seconds",
  });

/** A build secret's id, as BuildKit and `--secret id=` take it. */
const BUILD_SECRET_ID = /^[A-Za-z0-9._-]+$/;

/**
 * Where one build secret comes from: exactly one of `src` (a file), `env` (a variable of the environment
 * `enginekit build` runs in) and `svc` (`<mount>/<path>#<field>` on the secrets service), the same sources
 * as `enginekit build --secret` (docs/build.md "Secrets and SSH"). Only the source is written here, never a
 * value.
 */
const BuildSecretSource = z
  .object({
    src: z.string().min(1).optional().describe("A file, relative to this file's folder."),
    env: z.string().min(1).optional().describe("An environment variable."),
    svc: z
      .string()
      .regex(/^(?:svc:)?[^#\s]+#[A-Za-z0-9._-]+$/, { error: "expected <mount>/<path>#<field>" })
      .optional()
      .describe("A field of a secret on the secrets service: `<mount>/<path>#<field>`."),
  })
  .strict()
  .refine((s) => [s.src, s.env, s.svc].filter((v) => v !== undefined).length === 1, {
    error: "give exactly one of src, env and svc",
  });

/**
 * `.enginekit.yaml`: the linter's project configuration (docs/lint.md "Configuration"). Paths and globs
 * are relative to the folder holding the file. The secrets service address and namespace may be set;
 * a token never is (use `SVC_TOKEN` or `~/.svc-token`).
 */
export const LintConfigSchema = z
  .object({
    $schema: z.string().optional().describe("JSON Schema of this file (for editors); ignored by the linter."),
    rules: z
      .record(z.string(), z.enum(RULE_SEVERITIES))
      .optional()
      .describe("Severity by rule id: error, warning, info, style or off. Unknown ids are errors."),
    ignore: z
      .array(z.string())
      .optional()
      .describe("Globs of paths not to lint (relative to this file's folder), e.g. `vendor/**`."),
    manifests: z
      .array(z.string())
      .optional()
      .describe(
        "Globs of manifest files found in directories (default: `**/*.{container,service,network,volume,swarm}.{yaml,yml,json}`).",
      ),
    apiVersion: z
      .string()
      .refine(isManifestApiVersion, {
        error: 'apiVersion must be an engine API version from 1.12 to 1.41, e.g. "1.41"',
      })
      .optional()
      .describe(
        "Engine API version manifests target (default \"1.24\", the API document's): fields added later are manifest/api-version warnings. A manifest's own `x-enginekit: {apiVersion}` wins.",
      ),
    dockerfiles: z
      .boolean()
      .optional()
      .describe(
        "Lint files named like Dockerfiles (`Dockerfile`, `*.Dockerfile`, `Dockerfile.*`) and Containerfiles (`Containerfile`, `*.Containerfile`, `Containerfile.*`) found in directories as Enginefiles (default true).",
      ),
    compose: z
      .boolean()
      .optional()
      .describe(
        "Lint Compose files found in directories (`compose.yaml`, `compose.yml`, `docker-compose.yml`, `docker-compose.yaml` and their `*.override.*` files; default true).",
      ),
    trustedRegistries: z
      .array(z.string())
      .optional()
      .describe("Registries base images may come from (globs like `*.gcr.io`; `docker.io` for Docker Hub)."),
    labelSchema: z
      .record(z.string(), z.enum(LABEL_TYPES))
      .optional()
      .describe(
        "Labels the final image must carry and the type of each value: text, url, semver, hash, rfc3339, spdx, email (hadolint's label-schema).",
      ),
    strictLabels: z
      .boolean()
      .optional()
      .describe("Report labels that labelSchema does not name (hadolint's strict-labels)."),
    failureThreshold: z
      .enum(["none", ...SEVERITIES])
      .optional()
      .describe("Exit 1 when a finding is at or above this severity (default `info`; `none` never fails)."),
    inlineSuppressions: z
      .boolean()
      .optional()
      .describe(
        "Honour `# enginekit-ignore` comments (default true); false reports them as suppression-forbidden.",
      ),
    reportUnusedSuppressions: z
      .boolean()
      .optional()
      .describe("Report suppressions that hide nothing (default true)."),
    secrets: z
      .object({
        address: z.string().url().optional().describe("Secrets service address (`SVC_ADDR` wins)."),
        namespace: z.string().optional().describe("Secrets namespace (`SVC_NAMESPACE` wins)."),
        timeout: Duration.optional().describe(
          "Limit for one whole attempt of a request, head and body (default 60s; `SVC_CLIENT_TIMEOUT`, `VAULT_CLIENT_TIMEOUT` and `secrets --timeout` win).",
        ),
      })
      .strict()
      .optional()
      .describe(
        "The secrets service for `lint --online`, `secrets ls` and `build`'s `svc:` references. Never put a token here.",
      ),
    build: z
      .object({
        secrets: z
          .record(
            z.string().regex(BUILD_SECRET_ID, {
              error: "a secret id may hold letters, digits, '.', '_' and '-'",
            }),
            BuildSecretSource,
          )
          .optional()
          .describe(
            "Secrets `enginekit build` serves to `RUN --mount=type=secret,id=<id>` when no `--secret id=<id>` is given (the command line wins), by id: `{src: file}`, `{env: VARIABLE}` or `{svc: <mount>/<path>#<field>}`. The linter reports secret ids the Enginefile uses that are not listed here (`unconfigured-build-secret`).",
          ),
      })
      .strict()
      .optional()
      .describe("Settings of `enginekit build`."),
    engine: z
      .object({
        connectTimeout: Duration.optional().describe(
          "Limit for opening a connection to the engine (default 10s; `ENGINE_CONNECT_TIMEOUT` and `--connect-timeout` win).",
        ),
        timeout: Duration.optional().describe(
          "Limit for each engine answer (default 60s; `ENGINE_TIMEOUT`, `DOCKER_CLIENT_TIMEOUT` and `--timeout` win).",
        ),
        idleTimeout: Duration.optional().describe(
          "Limit for silence in a progress stream such as build output, never its total time (default 30m; `ENGINE_IDLE_TIMEOUT` and `--idle-timeout` win).",
        ),
      })
      .strict()
      .optional()
      .describe("The engine client's time limits for `enginekit build` and `enginekit engine`."),
  })
  .strict();

/** A parsed `.enginekit.yaml`. */
export type LintConfig = z.infer<typeof LintConfigSchema>;
