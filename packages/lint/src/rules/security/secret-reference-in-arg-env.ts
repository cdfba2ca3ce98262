/**
 * The `secret-reference-in-arg-env` rule: svc: reference in ARG or ENV.
 * Its metadata is its documentation (`docs/rules/secret-reference-in-arg-env.md`, `enginekit lint --explain
 * secret-reference-in-arg-env`).
 */
import { parseSecretReferences } from "@enginekit/manifests/schema-free";
import { allInstructions } from "../../enginefile/instructions.js";
import type { Range, Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "secret-reference-in-arg-env",
    name: "svc: reference in ARG or ENV",
    description:
      "An ARG default or ENV value holds a `svc:` secret reference, which the engine never resolves.",
    severity: "error",
    fix: "never",
    docs: `\`svc:<mount>/<path>#<field>\` references are resolved by enginekit for manifests, not by the engine during
a build: in an Enginefile the reference text itself is baked into the image (and resolving it at build time
would bake the secret in). Put the reference in the container or service manifest's \`Env\` instead, or
mount the secret into the one RUN that needs it with \`RUN --mount=type=secret\`.`,
    peers: [],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nENV DB_PASSWORD=svc:secret/data/app/db#password\n" },
      {
        kind: "valid",
        code: "FROM alpine:3.20\nRUN --mount=type=secret,id=db cat /run/secrets/db >/dev/null\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    const check = (keyword: string, range: Range) => {
      const source = file.source(range);
      if (!source.includes("svc:")) return;
      for (const ref of parseSecretReferences(source)) {
        out.push({
          range: file.lines.range(range.start.offset + ref.start, range.start.offset + ref.end),
          message: `${keyword} holds the secret reference "${ref.text}": the engine does not resolve it, and the text is stored in the image. Reference secrets from the manifest's Env or use RUN --mount=type=secret.`,
        });
      }
    };
    for (const ins of allInstructions(file)) {
      if (ins.kind === "arg")
        for (const d of ins.declarations) if (d.defaultValue !== undefined) check("ARG", d.argument.range);
      if (ins.kind === "env") for (const p of ins.pairs) check("ENV", p.value.range);
    }
    return out;
  },
);
