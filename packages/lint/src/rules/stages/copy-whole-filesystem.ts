import { instructionsOfKind } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "copy-whole-filesystem",
    name: "COPY of a whole filesystem from another stage",
    description: "`COPY --from=<stage> / …` copies the other stage's entire filesystem.",
    severity: "warning",
    fixable: false,
    docs: `Copying \`/\` from another stage brings its package manager, caches and every build tool along, which
defeats the point of a multi-stage build and can overwrite this stage's system files. Copy the paths the
final image needs.`,
    peers: ["hadolint DL3067"],
    examples: [
      {
        kind: "invalid",
        code: "FROM golang:1.23 AS build\nRUN go build -o /out/app .\nFROM scratch\nCOPY --from=build / /\n",
      },
      {
        kind: "valid",
        code: "FROM golang:1.23 AS build\nRUN go build -o /out/app .\nFROM scratch\nCOPY --from=build /out/app /app\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const copy of instructionsOfKind(file, "copy")) {
      if (!copy.from) continue;
      for (const s of copy.sources)
        if (s.value === "/" || s.value === "/." || s.value === "/*")
          out.push({
            range: s.range,
            message: `This copies the whole filesystem of ${copy.from.value ?? "the other stage"}; copy only the paths the image needs.`,
          });
    }
    return out;
  },
);
