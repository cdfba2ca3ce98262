/**
 * \`redundant-target-platform\`: BuildKit's RedundantTargetPlatform check — \`FROM --platform=$TARGETPLATFORM\`
 * asks for what the engine does anyway.
 */
import { instructionsOfKind } from "../../enginefile/instructions.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "redundant-target-platform",
    name: "Redundant FROM --platform=$TARGETPLATFORM",
    description: "`FROM --platform=$TARGETPLATFORM`, which is the default.",
    severity: "warning",
    fix: "always",
    docs: `Every stage is built for the target platform unless FROM says otherwise, so
\`--platform=$TARGETPLATFORM\` changes nothing and hides the stages that really pin a platform. The quick fix
removes the flag.`,
    peers: ["BuildKit RedundantTargetPlatform", "hadolint DL3065"],
    examples: [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
      { kind: "invalid", code: "FROM --platform=${TARGETPLATFORM} alpine:3.20\n" },
      { kind: "valid", code: "FROM --platform=$BUILDPLATFORM golang:1.23 AS build\nFROM alpine:3.20\n" },
    ],
  },
  (file) =>
    instructionsOfKind(file, "from").flatMap((from) => {
      const p = from.platform;
      if (!p?.value || !/^\$\{?TARGETPLATFORM\}?$/.test(p.value)) return [];
      const end = from.image?.range.start.offset ?? p.range.end.offset;
      return [
        {
          range: p.valueRange ?? p.range,
          message: "--platform=$TARGETPLATFORM is the default; remove it.",
          fix: {
            title: "Remove --platform",
            edits: [file.replace(file.lines.range(p.range.start.offset, end), "")],
          },
        },
      ];
    }),
);
