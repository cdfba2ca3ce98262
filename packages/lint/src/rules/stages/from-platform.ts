/**
 * The `from-platform` rule: Constant FROM --platform.
 * Its metadata is its documentation (`docs/rules/from-platform.md`, `enginekit lint --explain
 * from-platform`).
 * Same check elsewhere: BuildKit FromPlatformFlagConstDisallowed, hadolint DL3029.
 */
import { instructionsOfKind } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "from-platform",
    name: "Constant FROM --platform",
    description: "`FROM --platform` with a constant value.",
    severity: "warning",
    fix: "never",
    docs: `A constant \`--platform=linux/amd64\` pins the stage to one platform and breaks multi-platform builds
(use \`$BUILDPLATFORM\` for build tools, or leave it out; \`$TARGETPLATFORM\` is \`redundant-target-platform\`'s).
A stage whose name contains the constant's OS or architecture
(\`AS build_amd64\`, \`AS linux\`) is pinned on purpose and not reported, as in BuildKit.`,
    peers: ["BuildKit FromPlatformFlagConstDisallowed", "hadolint DL3029"],
    examples: [
      { kind: "invalid", code: "FROM --platform=linux/amd64 alpine:3.20\n" },
      { kind: "valid", code: "FROM --platform=$BUILDPLATFORM golang:1.23 AS build\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const from of instructionsOfKind(file, "from")) {
      const p = from.platform;
      if (!p || p.value === undefined) continue;
      const at = p.valueRange ?? p.range;
      if (!p.value.includes("$")) {
        // a stage named after its platform (`AS build_amd64`, `AS linux`) pins it on purpose (BuildKit)
        const name = from.stageName?.value.toLowerCase() ?? "";
        const [os = "", arch = ""] = p.value.toLowerCase().split("/");
        if (name !== "" && ((os !== "" && name.includes(os)) || (arch !== "" && name.includes(arch))))
          continue;
        out.push({
          range: at,
          message: `FROM --platform should not be a constant ("${p.value}"): it disables multi-platform builds.`,
        });
      }
    }
    return out;
  },
);
