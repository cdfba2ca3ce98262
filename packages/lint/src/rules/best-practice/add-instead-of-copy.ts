/**
 * The `add-instead-of-copy` rule: Use COPY, not ADD, for local files.
 * Its metadata is its documentation (`docs/rules/add-instead-of-copy.md`, `enginekit lint --explain
 * add-instead-of-copy`).
 * Same check elsewhere: hadolint DL3020, Trivy DS-0005, Checkov CKV_DOCKER_4.
 */
import { inCasingOf, instructionsOfKind } from "../../enginefile/instructions.js";
import { enginefileRule } from "../../model/rule.js";

const ARCHIVE = /\.(tar|tar\.gz|tgz|tar\.bz2|tbz2?|tar\.xz|txz|tar\.zst|tzst|gz|bz2|xz|zst)$/i;
const REMOTE = /^(https?:\/\/|git@|git:\/\/)|\.git(#.*)?$/i;
const ADD_ONLY_FLAGS = ["checksum", "keep-git-dir", "unpack"];

export default enginefileRule(
  {
    id: "add-instead-of-copy",
    name: "Use COPY, not ADD, for local files",
    description: "ADD copies only local files or folders, which COPY does more predictably.",
    severity: "warning",
    fix: "always",
    docs: `ADD also fetches URLs and Git repositories and unpacks local archives; for plain files and folders
COPY says what happens. ADD of a URL, a Git source or a local archive (\`.tar\`, \`.tar.gz\`, \`.tgz\`, …) is not
reported, nor ADD with \`--checksum\`, \`--keep-git-dir\` or \`--unpack\`. The quick fix replaces the keyword.`,
    peers: ["hadolint DL3020", "Trivy DS-0005", "Checkov CKV_DOCKER_4"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nADD src/ /app/\n" },
      {
        kind: "valid",
        code: "FROM alpine:3.20\nADD rootfs.tar.gz /\nADD https://example.com/tool.tgz /opt/\nCOPY src/ /app/\n",
      },
    ],
  },
  (file) =>
    instructionsOfKind(file, "add").flatMap((ins) => {
      if (ins.sources.length === 0 || ins.heredocs.length > 0) return [];
      if (ins.flags.some((f) => ADD_ONLY_FLAGS.includes(f.name))) return [];
      for (const s of ins.sources) {
        const value = file.resolve(ins, s.value);
        if (value === undefined || ARCHIVE.test(value) || REMOTE.test(value)) return [];
      }
      const copy = inCasingOf(ins.keyword, "COPY");
      return [
        {
          range: ins.keywordRange,
          message:
            "Use COPY for local files and folders; ADD is for URLs, Git sources and archives to unpack.",
          fix: { title: `Replace ADD with ${copy}`, edits: [file.replace(ins.keywordRange, copy)] },
        },
      ];
    }),
);
