/**
 * The `copy-then-extract` rule: COPY an archive, then extract it.
 * Its metadata is its documentation (`docs/rules/copy-then-extract.md`, `enginekit lint --explain
 * copy-then-extract`).
 * Same check elsewhere: hadolint DL3010.
 */
import type { Argument } from "@enginekit/enginefile";
import { commandsOfRun } from "../../enginefile/shell/command-index.js";
import { argumentsOf } from "../../enginefile/shell/queries.js";
import type { ShellCommand } from "../../enginefile/shell/shell-command.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** Archive formats ADD extracts (BuildKit: tar with gzip, bzip2, xz or zstd compression). */
const ARCHIVE = /\.(tar|tar\.gz|tgz|tar\.bz2|tbz2?|tar\.xz|txz|tar\.zst|tzst|gz|bz2|xz|zip|Z|lzma)$/;
/** Commands that unpack an archive given as an argument. */
const UNPACKERS = new Set([
  "unzip",
  "gunzip",
  "bunzip2",
  "unlzma",
  "unxz",
  "zgz",
  "uncompress",
  "zcat",
  "gzcat",
]);

const basename = (path: string) => path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);

/** True when `cmd` extracts an archive: `tar -x…`/`tar x…`/`--extract`/`--get`, or one of {@link UNPACKERS}. */
function extracts(cmd: ShellCommand): boolean {
  if (cmd.name !== undefined && UNPACKERS.has(cmd.name)) return true;
  if (cmd.name !== "tar") return false;
  const args = argumentsOf(cmd);
  return args.some(
    (w, i) =>
      w.text === "--extract" ||
      w.text === "--get" ||
      /^-[A-Za-z]*x/.test(w.text) ||
      (i === 0 && /^[A-Za-z]*x[A-Za-z]*$/.test(w.text)),
  );
}

export default enginefileRule(
  {
    id: "copy-then-extract",
    name: "COPY an archive, then extract it",
    description: "A local archive is copied with COPY and then extracted by a RUN of the same stage.",
    severity: "info",
    fix: "never",
    docs: `\`COPY app.tar.gz /tmp/\` then \`RUN tar -xzf /tmp/app.tar.gz\` stores the archive in one layer and its
content in another. \`ADD app.tar.gz /opt/app/\` extracts a local tar archive in one step. (\`ADD\` does not
unzip \`.zip\` files: for those, a bind mount — \`RUN --mount=type=bind,source=app.zip,target=/tmp/app.zip
unzip …\` — keeps the archive out of the image.)`,
    peers: ["hadolint DL3010"],
    examples: [
      {
        kind: "invalid",
        code: "FROM debian:12\nCOPY app.tar.gz /tmp/\nRUN tar -xzf /tmp/app.tar.gz -C /opt\n",
      },
      { kind: "valid", code: "FROM debian:12\nADD app.tar.gz /opt/\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const stage of file.doc.stages) {
      // archives copied so far in the stage, by basename
      const copied = new Map<string, Argument>();
      const reported = new Set<Argument>();
      for (const ins of stage.instructions) {
        if (ins.kind === "copy" && !ins.from) {
          const dest = ins.destination?.value ?? "";
          if (ARCHIVE.test(dest) && ins.sources[0]) copied.set(basename(dest), ins.sources[0]);
          else for (const s of ins.sources) if (ARCHIVE.test(s.value)) copied.set(basename(s.value), s);
        } else if (ins.kind === "run" && copied.size > 0) {
          // only RUNs after an archive COPY are parsed
          for (const c of commandsOfRun(file, ins)) {
            if (!extracts(c)) continue;
            for (const w of argumentsOf(c)) {
              const source = copied.get(basename(w.text));
              if (!source || reported.has(source)) continue;
              reported.add(source);
              out.push({
                range: source.range,
                message: `${source.value} is copied, then extracted on line ${ins.range.start.line + 1}; ADD extracts a local tar archive in one layer.`,
              });
            }
          }
        }
      }
    }
    return out;
  },
);
