// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the summaries quote Compose interpolation syntax
/**
 * What each Compose finding code reports, its default severity, the layer it belongs to and the Compose
 * implementation that refuses the same thing. The linter's `compose/*` rules take their severity and
 * one-line description from here, so the two packages cannot disagree (as `@enginekit/manifests`'
 * `FINDING_CODES` does for the manifest rules).
 */
import type { Severity } from "@enginekit/manifests";
import type { ComposeFindingCode } from "./findings.js";

/** One code's description. */
export interface ComposeFindingCodeInfo {
  summary: string;
  severity: Severity;
  /** `load`: reading the project; `schema`, `consistency`, `engine`: the three layers of checks. */
  layer: "load" | "schema" | "consistency" | "engine";
  /** Whether a finding may carry a quick fix. */
  fix: "never" | "sometimes";
  /** What `docker compose config` (compose-go) and docker-compose 1.29.2 do with the same input. */
  compose: string;
}

/** Every code, in the order of docs/compose.md. */
export const COMPOSE_FINDING_CODES: Readonly<Record<ComposeFindingCode, ComposeFindingCodeInfo>> = {
  "compose/syntax": {
    summary: "The YAML (or an env file) cannot be read, or the file's root is not a mapping.",
    severity: "error",
    layer: "load",
    fix: "never",
    compose: "Both refuse the file.",
  },
  "compose/duplicate-key": {
    summary: "A key appears twice in one mapping.",
    severity: "error",
    layer: "load",
    fix: "never",
    compose: "compose-go refuses it (`mapping key … already defined`); 1.29.2 keeps the last one.",
  },
  "compose/file": {
    summary: "A file the project needs (Compose file, env file, `extends` or `include` file) is missing.",
    severity: "error",
    layer: "load",
    fix: "never",
    compose: "Both refuse the project.",
  },
  "compose/interpolation": {
    summary:
      "A required variable (`${V:?err}`, `${V?err}`) has no value, or a `${…}` is not a valid template.",
    severity: "error",
    layer: "load",
    fix: "never",
    compose: "Both refuse the project.",
  },
  "compose/unset-variable": {
    summary: "A variable without a default is not set: Compose substitutes an empty string.",
    severity: "warning",
    layer: "load",
    fix: "never",
    compose: 'Both warn: `The "X" variable is not set. Defaulting to a blank string.`',
  },
  "compose/extends": {
    summary: "An `extends` names a service that does not exist, or services extend each other in a cycle.",
    severity: "error",
    layer: "load",
    fix: "never",
    compose: "Both refuse the project.",
  },
  "compose/include": {
    summary: "An `include` forms a cycle, or imports a resource the project defines differently.",
    severity: "error",
    layer: "load",
    fix: "never",
    compose: "compose-go refuses it; 1.29.2 does not know `include`.",
  },
  "compose/merge": {
    summary: "An override file replaces a mapping with a sequence (or the reverse).",
    severity: "error",
    layer: "load",
    fix: "never",
    compose: "compose-go refuses it (`cannot override …`).",
  },
  "compose/schema": {
    summary:
      "A value does not match the Compose Specification's schema (type, allowed values, required keys).",
    severity: "error",
    layer: "schema",
    fix: "never",
    compose: "Both refuse it (1.29.2 with its older schema).",
  },
  "compose/unknown-key": {
    summary: "A key the Compose Specification does not define (with the closest known key).",
    severity: "error",
    layer: "schema",
    fix: "sometimes",
    compose: "Both refuse it (`additional properties … not allowed`).",
  },
  "compose/undefined-network": {
    summary: "A service is attached to a network the project does not define.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "compose-go refuses it; 1.29.2 only at `up`.",
  },
  "compose/undefined-volume": {
    summary: "A service mounts a named volume the project does not define.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "Both refuse it.",
  },
  "compose/undefined-secret": {
    summary: "A service or its build uses a secret the project does not define.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "Both refuse it.",
  },
  "compose/undefined-config": {
    summary: "A service uses a config the project does not define.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "Both refuse it.",
  },
  "compose/unknown-service": {
    summary:
      "A `depends_on`, `links`, `volumes_from` or `service:` mode names a service the project does not define.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "Both refuse it.",
  },
  "compose/depends-on-cycle": {
    summary: "Services depend on each other in a cycle.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "compose refuses the project at `up` (`dependency cycle detected`); 1.29.2's `config` too.",
  },
  "compose/network-mode-conflict": {
    summary: "A service sets both `network_mode` and `networks`.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "compose-go refuses it; 1.29.2 too.",
  },
  "compose/resource-conflict": {
    summary: "A service-level resource and its `deploy.resources` twin have different values.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "compose-go refuses it; 1.29.2 takes one of them.",
  },
  "compose/container-name-scale": {
    summary:
      "`container_name` on a service that runs several containers, or `scale` unlike `deploy.replicas`.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "compose-go refuses it; 1.29.2 only at `up`.",
  },
  "compose/healthcheck-test": {
    summary: "A `healthcheck.test` list does not start with `CMD`, `CMD-SHELL` or `NONE`.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "compose-go refuses it; the engine would run the list as a command.",
  },
  "compose/duplicate-mount-target": {
    summary: "Two mounts of one service (`volumes`, `tmpfs`) use the same target path.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "compose-go refuses it; the engine too (`Duplicate mount point`).",
  },
  "compose/image-or-build": {
    summary: "A service has neither `image` nor `build`.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "Both refuse it.",
  },
  "compose/secret-source": {
    summary:
      "A top-level secret or config says neither where its content comes from nor that it is external.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose: "compose-go refuses it; 1.29.2 refuses a secret without `file` or `external`.",
  },
  "compose/build-secret-source": {
    summary:
      "A service's `build.secrets` names an external secret: a build can only be served one with `file` or `environment`.",
    severity: "error",
    layer: "consistency",
    fix: "never",
    compose:
      'compose-go loads it; `docker compose build` refuses it ("build.secrets only supports environment or file-based secrets").',
  },
  "compose/engine-limit": {
    summary:
      "The engine refuses the container this service becomes (a limit of the create body: `BlkioWeight`, memory, healthcheck durations…).",
    severity: "error",
    layer: "engine",
    fix: "never",
    compose: "Neither checks it: `config` passes, `up` fails.",
  },
  "compose/engine-advisory": {
    summary:
      "The engine may refuse or ignore a value of the body this service becomes (a value built from an unset variable, a logging plugin name…).",
    severity: "warning",
    layer: "engine",
    fix: "never",
    compose: "Neither checks it.",
  },
};
