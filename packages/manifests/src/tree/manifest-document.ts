import type { LineIndex, Range } from "@enginekit/text";
import type { Finding } from "../findings.js";
import type { LocatedNode } from "./located-node.js";

/** The source format of a manifest file. */
export type ManifestFormat = "yaml" | "json";

/**
 * One manifest document as read from the text: its located tree (absent for an empty document), its span,
 * and the syntax findings of that document (`manifest/syntax`, `manifest/duplicate-key`).
 */
export interface ManifestDocument {
  /** 0-based index of the document in a multi-document YAML stream; always 0 for JSON. */
  index: number;
  root?: LocatedNode;
  range: Range;
  syntaxFindings: Finding[];
}

/** Everything a reader returns: the documents and the line index of the text (for later ranges). */
export interface ReadResult {
  format: ManifestFormat;
  documents: ManifestDocument[];
  lines: LineIndex;
}
