/**
 * Reads one Compose file's text into a located tree with `@enginekit/manifests`' YAML reader (the `yaml`
 * package, YAML 1.2 core schema as compose-go's go-yaml v3 reads it: `yes`/`on` stay strings; anchors,
 * aliases and `<<` merge keys expanded with the anchored node's ranges; duplicate keys reported, as go-yaml
 * refuses them). Compose's `!reset` and `!override` tags are kept on the nodes. Several `---` documents are
 * merged in order, as compose-go does.
 */
import { type LineIndex, readYaml } from "@enginekit/manifests";
import { type ComposeNode, withFile } from "../model/compose-node.js";
import type { ComposeFinding } from "../model/findings.js";

/** Compose's own YAML tags (compose-go `loader/reset.go`). */
const COMPOSE_TAGS = ["!reset", "!override"] as const;

/** A Compose file as read: its text and line index, its documents' trees, and its syntax findings. */
export interface ComposeFileRead {
  file: string;
  text: string;
  lines: LineIndex;
  /** One root per non-empty YAML document, in order. */
  roots: ComposeNode[];
  findings: ComposeFinding[];
}

/**
 * Reads `text` (the content of `file`). YAML errors are `compose/syntax` errors (warnings stay warnings),
 * duplicate keys `compose/duplicate-key` errors, a root that is not a mapping a `compose/syntax` error
 * (compose-go: "Top-level object must be a mapping"). Never throws.
 */
export function readComposeFile(file: string, text: string): ComposeFileRead {
  const read = readYaml(text, { localTags: COMPOSE_TAGS });
  const findings: ComposeFinding[] = [];
  const roots: ComposeNode[] = [];
  for (const document of read.documents) {
    for (const syntax of document.syntaxFindings) {
      findings.push({
        code: syntax.code === "manifest/duplicate-key" ? "compose/duplicate-key" : "compose/syntax",
        message: syntax.message,
        severity: syntax.code === "manifest/duplicate-key" ? "error" : syntax.severity,
        file,
        range: syntax.range,
        path: syntax.path,
      });
    }
    const root = document.root;
    if (!root) continue;
    if (root.kind === "scalar" && root.value === null) continue;
    if (root.kind !== "object") {
      findings.push({
        code: "compose/syntax",
        message: "Top-level object must be a mapping.",
        severity: "error",
        file,
        range: root.range,
        path: [],
      });
      continue;
    }
    roots.push(withFile(root, file));
  }
  return { file, text, lines: read.lines, roots, findings };
}
