/**
 * The `compose/version-field` rule: Obsolete version key.
 * Its metadata is its documentation (`docs/rules/compose/version-field.md`, `enginekit lint --explain
 * compose/version-field`).
 * Same check elsewhere: dclint no-version-field.
 */
import { linesOf, ownProperties, ownRoots } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/version-field",
    name: "Obsolete version key",
    description: "The top-level `version` is obsolete: Compose ignores it.",
    severity: "info",
    fix: "sometimes",
    docs: `The Compose Specification has no file versions: \`docker compose\` (compose-go) ignores \`version\` and warns
\`the attribute \\\`version\\\` is obsolete\`. Only docker-compose 1.x read it (\`2.x\` and \`3.x\` files differed
there, e.g. in whether \`mem_limit\` applies), so keep it only for a project still run with 1.x. The quick fix
deletes the line when \`version\` is written on a line of its own.`,
    peers: ["dclint no-version-field"],
    examples: [
      { kind: "invalid", code: 'version: "3.8"\nservices:\n  web:\n    image: nginx:1.27\n' },
      { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n" },
    ],
  },
  (file) =>
    ownRoots(file).flatMap((root) =>
      ownProperties(root)
        .filter((p) => p.key === "version")
        .map((p) => {
          const start = p.range.start.offset;
          const end = p.range.end.offset;
          const lineStart = file.text.lastIndexOf("\n", start - 1) + 1;
          const nl = file.text.indexOf("\n", end);
          const lineEnd = nl < 0 ? file.text.length : nl + 1;
          const alone =
            file.text.slice(lineStart, start).trim() === "" &&
            /^\s*(#.*)?$/.test(file.text.slice(end, nl < 0 ? file.text.length : nl));
          return {
            range: p.keyRange,
            message: "`version` is obsolete: Compose ignores it",
            ...(alone
              ? {
                  fix: {
                    title: "Remove the version key",
                    edits: [{ range: linesOf(file).range(lineStart, lineEnd), newText: "" }],
                  },
                }
              : {}),
          };
        }),
    ),
);
