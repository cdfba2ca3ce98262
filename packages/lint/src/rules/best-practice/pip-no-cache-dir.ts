import {
  hasCacheMount,
  hasOption,
  insertOptionAfter,
  PIP,
  packageCommand,
} from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const INSTALL = ["install"];
const CACHE_PATHS = ["/root/.cache", "/home"];

export default enginefileRule(
  {
    id: "pip-no-cache-dir",
    name: "pip install without --no-cache-dir",
    description: "`pip install` keeps its download cache in the layer.",
    severity: "info",
    fixable: true,
    docs: `pip caches every wheel it downloads under \`~/.cache/pip\`. Use \`--no-cache-dir\`, set
\`PIP_NO_CACHE_DIR=1\`, or mount a cache on \`/root/.cache/pip\`. The quick fix adds \`--no-cache-dir\`.`,
    peers: ["hadolint DL3042"],
    examples: [
      { kind: "invalid", code: "FROM python:3.12-slim\nRUN pip install flask\n" },
      { kind: "valid", code: "FROM python:3.12-slim\nRUN pip install --no-cache-dir flask\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { instruction, commands } of runsCalling(file, PIP)) {
      if (hasCacheMount(instruction, CACHE_PATHS)) continue;
      const scope = file.scopes.get(instruction);
      if (scope?.get("PIP_NO_CACHE_DIR")) continue;
      for (const c of commands) {
        const p = packageCommand(c, PIP, INSTALL);
        if (!p || hasOption(c, "--no-cache-dir") || c.words.some((w) => w.text === "PIP_NO_CACHE_DIR=1"))
          continue;
        out.push({
          range: p.sub.range,
          message: "Use pip install --no-cache-dir so downloaded wheels do not stay in the layer.",
          fix: insertOptionAfter(file, p.sub, "--no-cache-dir"),
        });
      }
    }
    return out;
  },
);
