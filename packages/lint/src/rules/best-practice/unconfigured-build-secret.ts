/**
 * The `unconfigured-build-secret` rule: a `RUN --mount=type=secret` whose id the project's build
 * configuration does not provide — `build.secrets` of `.enginekit.yaml`, and the `build.secrets` of the
 * Compose services that build the file (ids as docker/compose `addSecretsConfig` serves them: `target`,
 * else `source`; read by `@enginekit/compose` `serviceBuilds`).
 * Its metadata is its documentation (`docs/rules/unconfigured-build-secret.md`, `enginekit lint --explain
 * unconfigured-build-secret`). The id is found as BuildKit finds it (moby/buildkit
 * `frontend/dockerfile/dockerfile2llb/convert_secrets.go` `dispatchSecret`: `source`, else `id`, else the
 * base name of `target`), and a missing secret behaves as BuildKit's `llb.SecretOptional` makes it: skipped
 * silently unless the mount says `required`.
 */
import { posix } from "node:path";
import type { Instruction, Mount } from "@enginekit/enginefile";
import { closestMatch } from "@enginekit/manifests/schema-free";
import type { AnalyzedEnginefile } from "../../enginefile/analysis.js";
import { instructionsOfKind } from "../../enginefile/instructions.js";
import type { Range, Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** Go's `strconv.ParseBool` false spellings (BuildKit reads `required=` with it). */
const FALSE = ["0", "f", "F", "false", "FALSE", "False"];

/** The secret a mount asks for: its id, where the id is written, whether it is required, its `env=`. */
interface SecretUse {
  id: string;
  range: Range;
  /** `required` (or `required=true`): the build fails without the secret. */
  required: boolean;
  /** `required=false` written out: the author says the step works without it. */
  optionalSaid: boolean;
  env: string | undefined;
}

/** The last option of `mount` named one of `keys` (BuildKit keeps the last). */
function option(mount: Mount, keys: readonly string[]) {
  return mount.options.findLast((o) => keys.includes(o.key));
}

/**
 * The secret `mount` uses, or undefined when a value cannot be resolved (a variable without a value) or
 * the mount names no id at all (BuildKit refuses that: `invalid-mount`'s concern).
 */
function secretUse(file: AnalyzedEnginefile, run: Instruction, mount: Mount): SecretUse | undefined {
  const value = (o: { value: string | undefined } | undefined) =>
    o?.value === undefined ? undefined : file.resolve(run, o.value);
  const named = option(mount, ["source", "src"]) ?? option(mount, ["id"]);
  const target = option(mount, ["target", "dst", "destination"]);
  let id: string | undefined;
  let range: Range;
  if (named) {
    id = value(named);
    range = named.range;
  } else {
    const path = value(target);
    id = path === undefined ? undefined : posix.basename(path);
    range = target?.range ?? mount.flag.range;
  }
  if (id === undefined || id === "" || id === "/") return undefined;
  const required = option(mount, ["required"]);
  const requiredValue = required && (required.value === undefined ? "true" : value(required));
  if (required && requiredValue === undefined) return undefined;
  const said = requiredValue !== undefined && requiredValue !== "";
  const isFalse = said && FALSE.includes(requiredValue);
  return {
    id,
    range,
    required: said && !isFalse,
    optionalSaid: isFalse,
    env: value(option(mount, ["env"])),
  };
}

/** Quoted names joined for a message: `"a"`, `"a" and "b"`, `"a", "b" and "c"`. */
function quotedList(names: readonly string[]): string {
  const quoted = names.map((n) => `"${n}"`);
  return quoted.length < 2 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

/**
 * Where the missing id was looked for, for the message: `build.secrets` (the project configuration alone),
 * `the build.secrets of service "web"` (Compose alone), or both.
 */
function lookedIn(configured: boolean, services: readonly string[]): string {
  if (services.length === 0) return "build.secrets";
  const of = `service${services.length > 1 ? "s" : ""} ${quotedList(services)}`;
  return configured ? `build.secrets of .enginekit.yaml nor of ${of}` : `the build.secrets of ${of}`;
}

export default enginefileRule(
  {
    id: "unconfigured-build-secret",
    name: "Build secret the project does not provide",
    description:
      "`RUN --mount=type=secret` names a secret id that neither `build.secrets` in `.enginekit.yaml` nor the `build.secrets` of the Compose services building the file list (only when one of them lists build secrets).",
    severity: "warning",
    fix: "never",
    docs: `A build gets its secrets from its configuration: \`enginekit build\` serves those of \`build.secrets\` in
\`.enginekit.yaml\` (docs/build.md "Secrets and SSH"), and \`docker compose build\` (or \`enginekit build
--service\`) those of the service's \`build.secrets\` in the Compose file. A mount whose id neither lists gets
nothing unless \`--secret id=<id>\` is given on the command line, and BuildKit then **skips the mount
silently**: the step runs without \`/run/secrets/<id>\` (or without its \`env=\` variable) and usually fails
later in a confusing way, or succeeds without the credential. With \`required\` (or \`required=true\`) the
build fails instead.

The Compose services are those of the nearest Compose project at or above the Enginefile's folder
(\`compose.yaml\`, \`compose.yml\`, \`docker-compose.yml\`, \`docker-compose.yaml\` with its override file, as
\`docker compose\` finds it from there) whose \`build:\` builds this file: \`build.dockerfile\` under
\`build.context\`, or, without \`dockerfile\`, the build file \`enginekit build\` picks in the context. Each
entry of their \`build.secrets\` provides the id the build sees, as Compose serves it: a long-syntax
entry's \`target\`, else its \`source\` (\`- npmrc\` provides \`npmrc\`). The ids of every such service and of
\`.enginekit.yaml\` count together, and the message names the services. A \`build.secrets\` entry naming a
secret the project does not define is Compose's own finding (\`compose/undefined-secret\`). \`COMPOSE_FILE\` is
not read (it names files relative to where Compose runs), and a project the Compose loader reports an error
in (a syntax error, a missing \`include\`) is not used: part of it may be missing.

The mount's id is found as BuildKit finds it: \`source=\`/\`src=\`, else \`id=\`, else the base name of
\`target=\` (\`target=/root/.npmrc\` is the secret \`.npmrc\`). Build arguments are resolved first; a mount
whose values cannot be resolved is not judged. A mount that says \`required=false\` is left alone: its
author says the step works without the secret. When neither \`.enginekit.yaml\` nor a Compose service
building the file lists build secrets, the rule does nothing (secrets may come from \`--secret\` alone).
Only ids are read from either configuration, never a source or a value.`,
    peers: [],
    examples: [
      {
        kind: "valid",
        code: "FROM node:22\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci\n",
      },
    ],
  },
  (file) => {
    const configured = file.options.buildSecrets;
    const services = (file.options.composeBuildSecrets ?? []).filter((s) => s.ids.length > 0);
    if (configured === undefined && services.length === 0) return [];
    const provided = [...new Set([...(configured ?? []), ...services.flatMap((s) => s.ids)])];
    const known = new Set(provided);
    const where = lookedIn(
      configured !== undefined,
      services.map((s) => s.service),
    );
    const out: Report[] = [];
    for (const run of instructionsOfKind(file, "run")) {
      for (const mount of run.mounts) {
        if (mount.type.toLowerCase() !== "secret") continue;
        const use = secretUse(file, run, mount);
        if (!use || use.optionalSaid || known.has(use.id)) continue;
        const guess = closestMatch(use.id, provided);
        const path = use.env === undefined ? `/run/secrets/${use.id}` : `$${use.env}`;
        const effect = use.required
          ? "the build fails"
          : `BuildKit skips the mount silently and the step runs without ${path}`;
        out.push({
          range: use.range,
          message: `Secret "${use.id}" is not in ${where}${guess ? ` (did you mean "${guess}"?)` : ""}: unless --secret id=${use.id} is given, ${effect}.`,
        });
      }
    }
    return out;
  },
);
