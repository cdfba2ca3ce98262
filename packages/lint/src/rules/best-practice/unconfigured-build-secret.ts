/**
 * The `unconfigured-build-secret` rule: a `RUN --mount=type=secret` whose id the project's build
 * configuration (`build.secrets` of `.enginekit.yaml`) does not provide.
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

export default enginefileRule(
  {
    id: "unconfigured-build-secret",
    name: "Build secret the project does not provide",
    description:
      "`RUN --mount=type=secret` names a secret id that `build.secrets` in `.enginekit.yaml` does not list (only when the project lists build secrets).",
    severity: "warning",
    fix: "never",
    docs: `When \`.enginekit.yaml\` has \`build.secrets\`, \`enginekit build\` serves those secrets to
\`RUN --mount=type=secret\` (docs/build.md "Secrets and SSH"). A mount whose id is not listed gets nothing
unless \`--secret id=<id>\` is given on the command line, and BuildKit then **skips the mount silently**:
the step runs without \`/run/secrets/<id>\` (or without its \`env=\` variable) and usually fails later in a
confusing way, or succeeds without the credential. With \`required\` (or \`required=true\`) the build fails
instead.

The id is found as BuildKit finds it: \`source=\`/\`src=\`, else \`id=\`, else the base name of
\`target=\` (\`target=/root/.npmrc\` is the secret \`.npmrc\`). Build arguments are resolved first; a mount
whose values cannot be resolved is not judged. A mount that says \`required=false\` is left alone: its
author says the step works without the secret. Without \`build.secrets\` the rule does nothing (secrets may
come from \`--secret\` alone). Only ids are read from the configuration, never a source or a value.`,
    peers: [],
    examples: [
      {
        kind: "valid",
        code: "FROM node:22\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci\n",
      },
    ],
  },
  (file) => {
    const provided = file.options.buildSecrets;
    if (provided === undefined) return [];
    const known = new Set(provided);
    const out: Report[] = [];
    for (const run of instructionsOfKind(file, "run")) {
      for (const mount of run.mounts) {
        if (mount.type.toLowerCase() !== "secret") continue;
        const use = secretUse(file, run, mount);
        if (!use || use.optionalSaid || known.has(use.id)) continue;
        const guess = closestMatch(use.id, provided);
        const where = use.env === undefined ? `/run/secrets/${use.id}` : `$${use.env}`;
        const effect = use.required
          ? "the build fails"
          : `BuildKit skips the mount silently and the step runs without ${where}`;
        out.push({
          range: use.range,
          message: `Secret "${use.id}" is not in build.secrets${guess ? ` (did you mean "${guess}"?)` : ""}: unless --secret id=${use.id} is given, ${effect}.`,
        });
      }
    }
    return out;
  },
);
