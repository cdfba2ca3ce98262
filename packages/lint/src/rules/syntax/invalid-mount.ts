/**
 * The `invalid-mount` rule: Invalid RUN --mount.
 * Its metadata is its documentation (`docs/rules/invalid-mount.md`, `enginekit lint --explain
 * invalid-mount`).
 * Same check elsewhere: BuildKit (build error).
 */
import { posix } from "node:path";
import { closestMatch } from "@enginekit/manifests/schema-free";
import { instructionsOfKind } from "../../enginefile/instructions.js";
import { workingDirectory } from "../../enginefile/working-directory.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const COMMON = ["type", "target", "dst", "destination", "readonly", "ro", "readwrite", "rw"];
/** Options per mount type (Dockerfile reference, `RUN --mount`; BuildKit `instructions/commands_runmount.go`). */
const MOUNT_OPTIONS: Record<string, readonly string[]> = {
  bind: [...COMMON, "source", "src", "from"],
  cache: [...COMMON, "id", "sharing", "from", "source", "src", "mode", "uid", "gid"],
  tmpfs: [...COMMON, "size"],
  secret: [
    "type",
    "id",
    "source",
    "src",
    "target",
    "dst",
    "destination",
    "required",
    "mode",
    "uid",
    "gid",
    "env",
  ],
  ssh: ["type", "id", "target", "dst", "destination", "required", "mode", "uid", "gid"],
};
const SHARING = ["shared", "private", "locked"];
const BOOLEAN_VALUES = ["true", "false", "1", "0", "t", "f", "TRUE", "FALSE", "True", "False", "T", "F"];

export default enginefileRule(
  {
    id: "invalid-mount",
    name: "Invalid RUN --mount",
    description: "A `RUN --mount` with an unknown type, an option its type does not take, or a bad value.",
    severity: "error",
    fix: "never",
    docs: `\`RUN --mount=type=<bind|cache|tmpfs|secret|ssh>,…\` takes options that depend on the type; the
engine fails the build on an unknown type or option, a cache \`sharing\` other than
\`shared|private|locked\`, a non-octal \`mode\`, non-numeric \`uid\`/\`gid\`, a non-boolean \`required\`/\`ro\`,
or a bind, cache or tmpfs mount on \`/\`: without \`target\` (or with a relative one) the mount goes to the
working directory, so it needs a \`WORKDIR\` other than \`/\` (BuildKit \`dispatchRunMounts\`; the base
image's own working directory is not known offline and taken as \`/\`).`,
    peers: ["BuildKit (build error)"],
    examples: [
      {
        kind: "invalid",
        code: "FROM alpine:3.20\nRUN --mount=type=cache,target=/root/.cache,sharing=public pip install .\n",
      },
      { kind: "invalid", code: "FROM alpine:3.20\nRUN --mount=type=volume,target=/x true\n" },
      {
        kind: "valid",
        code: "FROM alpine:3.20\nRUN --mount=type=cache,target=/root/.cache,sharing=locked pip install .\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const run of instructionsOfKind(file, "run")) {
      for (const mount of run.mounts) {
        // a bare --mount is unknown-flag's ("needs a value"), reported once
        if (mount.flag.value === undefined) continue;
        const allowed = MOUNT_OPTIONS[mount.type.toLowerCase()];
        if (!allowed) {
          const at = mount.options.find((o) => o.key === "type")?.range ?? mount.flag.range;
          const guess = closestMatch(mount.type, Object.keys(MOUNT_OPTIONS));
          out.push({
            range: at,
            message: `Unknown mount type "${mount.type}"${guess ? `. Did you mean "${guess}"?` : ""} (bind, cache, tmpfs, secret, ssh).`,
          });
          continue;
        }
        for (const o of mount.options) {
          const v = o.value;
          if (!allowed.includes(o.key)) {
            const guess = closestMatch(o.key, allowed);
            out.push({
              range: o.range,
              message: `Mount option "${o.key}" is not valid for type=${mount.type}${guess ? `. Did you mean "${guess}"?` : "."}`,
            });
          } else if (o.key === "sharing" && v !== undefined && !SHARING.includes(v)) {
            out.push({
              range: o.range,
              message: `Cache sharing must be shared, private or locked, not "${v}".`,
            });
          } else if (o.key === "mode" && v !== undefined && !/^0?[0-7]{1,4}$/.test(v)) {
            out.push({
              range: o.range,
              message: `Mount mode must be an octal file mode such as 0644, not "${v}".`,
            });
          } else if ((o.key === "uid" || o.key === "gid") && v !== undefined && !/^[0-9]+$/.test(v)) {
            out.push({ range: o.range, message: `Mount ${o.key} must be a number, not "${v}".` });
          } else if (
            ["required", "ro", "readonly", "rw", "readwrite"].includes(o.key) &&
            v !== undefined &&
            !BOOLEAN_VALUES.includes(v)
          ) {
            out.push({ range: o.range, message: `Mount option ${o.key} takes true or false, not "${v}".` });
          } else if (v === undefined && !["ro", "readonly", "rw", "readwrite", "required"].includes(o.key)) {
            out.push({ range: o.range, message: `Mount option "${o.key}" needs a value: ${o.key}=<value>.` });
          }
        }
        if (!["bind", "cache", "tmpfs"].includes(mount.type.toLowerCase())) continue;
        // BuildKit joins a relative (or missing) target to the working directory and refuses only `/`
        const target = mount.options.findLast((o) => ["target", "dst", "destination"].includes(o.key));
        const value = target?.value === undefined ? "" : file.resolve(run, target.value);
        if (value === undefined || value.startsWith("/")) {
          if (value === "/")
            out.push({ range: target?.range ?? mount.flag.range, message: "A mount cannot target /." });
          continue;
        }
        const dir = workingDirectory(file, run);
        if (dir === undefined || posix.join(dir, value) !== "/") continue;
        out.push({
          range: target?.range ?? mount.flag.range,
          message: target
            ? `A ${mount.type} mount on "${value}" mounts on /, which the engine refuses.`
            : `A ${mount.type} mount needs target=<path>: without one it mounts on the working directory, here /.`,
        });
      }
    }
    return out;
  },
);
