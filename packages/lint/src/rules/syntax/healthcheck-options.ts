/**
 * The `healthcheck-options` rule: Invalid HEALTHCHECK.
 * Its metadata is its documentation (`docs/rules/healthcheck-options.md`, `enginekit lint --explain
 * healthcheck-options`).
 * Same check elsewhere: dockerfile-utils FLAG_LESS_THAN_1MS / FLAG_INVALID_DURATION, dockerfilelint
 * healthcheck_options_missing_args.
 */
import { parseDuration, parseHealthcheckDuration } from "@enginekit/enginefile";
import { instructionsOfKind } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const DURATION_FLAGS = ["interval", "timeout", "start-period", "start-interval"];

export default enginefileRule(
  {
    id: "healthcheck-options",
    name: "Invalid HEALTHCHECK",
    description:
      "A HEALTHCHECK duration under 1 ms (other than 0) or unparsable, negative `--retries`, or a bad type.",
    severity: "error",
    fix: "never",
    docs: `HEALTHCHECK durations (\`--interval\`, \`--timeout\`, \`--start-period\`, \`--start-interval\`) use the
engine's duration syntax (Go \`time.ParseDuration\`: \`30s\`, \`1m30s\`, \`500ms\`) and must be 0 (the default)
or at least 1 ms; \`--retries\` must be a non-negative integer; the first word must be \`CMD\` or \`NONE\`,
and \`NONE\` takes no command. The engine fails the build otherwise — the same bounds the container
manifest's \`Healthcheck\` has (engine API §8).`,
    peers: [
      "dockerfile-utils FLAG_LESS_THAN_1MS / FLAG_INVALID_DURATION",
      "dockerfilelint healthcheck_options_missing_args",
    ],
    examples: [
      {
        kind: "invalid",
        code: "FROM alpine:3.20\nHEALTHCHECK --interval=500us --retries=-1 CMD wget -q localhost\n",
      },
      { kind: "invalid", code: "FROM alpine:3.20\nHEALTHCHECK --timeout=10 CMD true\n" },
      {
        kind: "valid",
        code: "FROM alpine:3.20\nHEALTHCHECK --interval=30s --timeout=3s --retries=3 CMD wget -q localhost\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const hc of instructionsOfKind(file, "healthcheck")) {
      for (const flag of hc.flags) {
        const value = flag.value;
        // an empty value (`--retries=`) is the default, as the engine reads it
        if (value === undefined || value === "" || value.includes("$")) continue;
        const at = flag.valueRange ?? flag.range;
        if (DURATION_FLAGS.includes(flag.name)) {
          const r = parseHealthcheckDuration(flag.name, value);
          if (!r.ok && parseDuration(value).ok) {
            // a duration under the minimum: the error names the flag and the bound
            out.push({
              range: at,
              message: `${r.error.replace(`--${flag.name}`, `--${flag.name}=${value}`)}.`,
            });
          } else if (!r.ok) {
            const hint = /^[0-9.]+$/.test(value) ? ` Add a unit, e.g. ${value}s.` : "";
            out.push({
              range: at,
              message: `--${flag.name}=${value}: ${r.error}.${hint} Use 0 or a duration of at least 1ms.`,
            });
          }
        } else if (flag.name === "retries" && !/^\+?[0-9]+$/.test(value)) {
          out.push({
            range: at,
            message: /^-[0-9]+$/.test(value)
              ? "--retries cannot be negative."
              : `--retries must be a whole number, not "${value}".`,
          });
        } else if (flag.name === "retries" && Number(value) > 2147483647) {
          // the engine reads it as a 32-bit integer (Go strconv.ParseInt(v, 10, 32))
          out.push({ range: at, message: `--retries ${value} is out of range: at most 2147483647.` });
        }
      }
      if (hc.mode === undefined && hc.type) {
        out.push({
          range: hc.type.range,
          message: `Unknown HEALTHCHECK type "${hc.type.value}": use CMD or NONE.`,
        });
      } else if (hc.mode === "none" && (hc.command.length > 0 || hc.flags.length > 0)) {
        out.push({ range: hc.argumentsRange, message: "HEALTHCHECK NONE takes no flags or command." });
      } else if (hc.mode === "cmd" && hc.command.length === 0) {
        out.push({ range: hc.type?.range ?? hc.keywordRange, message: "HEALTHCHECK CMD needs a command." });
      }
    }
    return out;
  },
);
