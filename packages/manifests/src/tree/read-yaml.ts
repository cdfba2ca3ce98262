/**
 * `readYaml`: YAML 1.2 text (every document of a `---` stream) into located trees with the `yaml` package:
 * aliases expanded within a node budget, merge keys merged, scalar styles kept, parser errors as
 * `manifest/syntax` findings over the recovered tree, duplicate keys and document limits reported.
 */
import { LineIndex } from "@enginekit/text";
import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Node,
  parseAllDocuments,
  type Scalar,
} from "yaml";
import type { Finding } from "../findings.js";
import { yamlLimitCrossing } from "./document-limits.js";
import { duplicateKeyFindings } from "./duplicate-keys.js";
import type {
  LocatedNode,
  LocatedObject,
  LocatedProperty,
  PathSegment,
  ScalarStyle,
} from "./located-node.js";
import type { ManifestDocument, ReadResult } from "./manifest-document.js";
import { MAX_DEPTH, syntaxFinding, TOO_DEEP_MESSAGE, unreadableFinding } from "./syntax-finding.js";

/** Most nodes built for one document, aliases expanded: bounds memory on alias bombs ("billion laughs"). */
const MAX_NODES = 100_000;

const SCALAR_STYLES: Record<string, ScalarStyle> = {
  PLAIN: "plain",
  QUOTE_SINGLE: "single-quoted",
  QUOTE_DOUBLE: "double-quoted",
  BLOCK_LITERAL: "block-literal",
  BLOCK_FOLDED: "block-folded",
};

/** Options of {@link readYaml}. */
export interface ReadYamlOptions {
  /**
   * Local tags the document may use (Compose's `!reset`, `!override`): they are not reported as unresolved,
   * and the nodes carrying them get a `tag`. Other local tags stay `manifest/syntax` warnings.
   */
  localTags?: readonly string[];
}

/**
 * Reads YAML 1.2 text (every document of a `---` stream) into located trees with the `yaml` package.
 * Aliases are expanded (their nodes keep the ranges of the anchored node); merge keys `<<` merge the
 * referenced maps, explicit keys winning. Parser errors and warnings become `manifest/syntax` findings and
 * the partial tree the parser recovered is kept, so the rest of the document is still checked. A text past
 * the limits of `document-limits.ts` (length, nesting) is not parsed: one finding where the limit is
 * crossed. Never throws.
 */
export function readYaml(text: string, options: ReadYamlOptions = {}): ReadResult {
  const lines = new LineIndex(text);
  const documents: ManifestDocument[] = [];
  const crossing = yamlLimitCrossing(text);
  if (crossing) {
    const range = lines.range(crossing.offset, Math.min(crossing.offset + 1, text.length));
    return {
      format: "yaml",
      documents: [
        {
          index: 0,
          range: lines.range(0, text.length),
          syntaxFindings: [syntaxFinding(crossing.message, range, 0)],
        },
      ],
      lines,
    };
  }
  let parsed: Document.Parsed[];
  try {
    parsed = Array.from(
      parseAllDocuments(text, {
        uniqueKeys: false,
        prettyErrors: false,
        // integers beyond 2^53 are read exactly (LocatedScalar.integer)
        intAsBigInt: true,
        merge: true,
      }),
    );
  } catch (error) {
    const finding = unreadableFinding("YAML", error, lines.range(0, 0));
    return {
      format: "yaml",
      documents: [{ index: 0, range: lines.range(0, text.length), syntaxFindings: [finding] }],
      lines,
    };
  }
  parsed.forEach((doc, index) => {
    documents.push(new YamlDocumentReader(doc, index, lines, text, options.localTags ?? []).read());
  });
  if (documents.length === 0)
    documents.push({ index: 0, range: lines.range(0, text.length), syntaxFindings: [] });
  return { format: "yaml", documents, lines };
}

class YamlDocumentReader {
  readonly findings: Finding[] = [];
  readonly #expanding = new Set<Node>();
  #nodeBudget = MAX_NODES;

  constructor(
    readonly doc: Document.Parsed,
    readonly index: number,
    readonly lines: LineIndex,
    readonly text: string,
    readonly localTags: readonly string[],
  ) {}

  read(): ManifestDocument {
    for (const problem of [...this.doc.errors, ...this.doc.warnings]) {
      const tag = problem.code === "TAG_RESOLVE_FAILED" ? /tag: (\S+)/.exec(problem.message)?.[1] : undefined;
      if (tag && this.localTags.includes(tag)) continue;
      const [start, end] = problem.pos;
      const severity = problem.name === "YAMLWarning" ? "warning" : "error";
      const message = `${problem.message} (YAML ${problem.code})`;
      this.findings.push(syntaxFinding(message, this.lines.range(start, end), this.index, [], severity));
    }
    const [start, , end] = this.doc.range;
    const contents = this.doc.contents;
    const root = contents ? this.convert(contents, [], 0) : undefined;
    const seen = new Set<string>();
    const syntaxFindings = this.findings.filter((finding) => {
      const key = `${finding.code} ${finding.range.start.offset} ${finding.range.end.offset} ${finding.message}`;
      if (seen.has(key)) return false; // an aliased map is read once per alias
      seen.add(key);
      return true;
    });
    return {
      index: this.index,
      range: this.lines.range(start, end),
      syntaxFindings,
      ...(root ? { root } : {}),
    };
  }

  #range(node: Node | null | undefined) {
    const range = node?.range;
    return range ? this.lines.range(range[0], range[1]) : this.lines.range(0, 0);
  }

  convert(node: Node, path: PathSegment[], depth: number): LocatedNode | undefined {
    if (--this.#nodeBudget === 0) {
      const message = `The document expands to more than ${MAX_NODES} nodes (aliases included); the rest is not read.`;
      this.findings.push(syntaxFinding(message, this.#range(node), this.index, path));
    }
    if (this.#nodeBudget <= 0) return undefined;
    if (depth > MAX_DEPTH) {
      this.findings.push(syntaxFinding(TOO_DEEP_MESSAGE, this.#range(node), this.index, path));
      return undefined;
    }
    if (isAlias(node)) {
      const target = node.resolve(this.doc);
      if (!target || this.#expanding.has(target)) return undefined;
      this.#expanding.add(target);
      try {
        return this.convert(target, path, depth + 1);
      } finally {
        this.#expanding.delete(target);
      }
    }
    const located = this.#convertNode(node, path, depth);
    if (located && node.tag && this.localTags.includes(node.tag)) located.tag = node.tag;
    return located;
  }

  #convertNode(node: Node, path: PathSegment[], depth: number): LocatedNode | undefined {
    if (isScalar(node)) return this.#scalar(node);
    if (isSeq(node)) {
      const items: LocatedNode[] = [];
      node.items.forEach((item, i) => {
        const converted = item ? this.convert(item as Node, [...path, i], depth + 1) : undefined;
        if (converted) items.push(converted);
      });
      return { kind: "array", items, range: this.#range(node) };
    }
    if (isMap(node)) return this.#object(node.items, this.#range(node), path, depth);
    return undefined;
  }

  #scalar(node: Scalar): LocatedNode {
    const raw = node.value;
    const value =
      raw === null || typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean"
        ? raw
        : typeof raw === "bigint"
          ? Number(raw)
          : String(raw);
    return {
      kind: "scalar",
      value,
      ...(typeof raw === "bigint" && !Number.isSafeInteger(value) ? { integer: raw } : {}),
      style: SCALAR_STYLES[node.type ?? "PLAIN"] ?? "plain",
      range: this.#range(node),
    };
  }

  #object(
    pairs: readonly { key: unknown; value: unknown }[],
    range: LocatedObject["range"],
    path: PathSegment[],
    depth: number,
  ): LocatedObject {
    const explicit: LocatedProperty[] = [];
    const merged: LocatedProperty[] = [];
    for (const pair of pairs) {
      const keyNode = pair.key as Node | null;
      const valueNode = pair.value as Node | null;
      if (
        isScalar(keyNode) &&
        (typeof keyNode.value === "symbol" || (keyNode.value === "<<" && keyNode.type === "PLAIN"))
      ) {
        merged.push(...this.#mergeSources(valueNode, path, depth));
        continue;
      }
      if (keyNode && !isScalar(keyNode)) {
        const message = "Complex (non-scalar) keys are not supported in a manifest.";
        this.findings.push(syntaxFinding(message, this.#range(keyNode), this.index, path));
        continue;
      }
      const key = keyNode ? String(keyNode.value ?? "") : "";
      const keyRange = keyNode ? this.#range(keyNode) : this.#range(valueNode);
      const childPath = [...path, key];
      const value = valueNode ? this.convert(valueNode, childPath, depth + 1) : undefined;
      const property: LocatedProperty = {
        key,
        keyRange,
        range: { start: keyRange.start, end: value?.range.end ?? keyRange.end },
        ...(value ? { value } : {}),
      };
      const keyTextRange = keyNode ? this.#keyTextRange(keyNode, key) : undefined;
      if (keyTextRange) property.keyTextRange = keyTextRange;
      explicit.push(property);
    }
    const object: LocatedObject = { kind: "object", properties: explicit, range };
    this.findings.push(...duplicateKeyFindings(object, path, this.index));
    if (merged.length > 0) {
      const explicitKeys = new Set(explicit.map((property) => property.key));
      const seen = new Set<string>();
      const fromMerges = merged.filter((property) => {
        if (explicitKeys.has(property.key) || seen.has(property.key)) return false;
        seen.add(property.key);
        return true;
      });
      object.properties = [...fromMerges, ...explicit];
    }
    return object;
  }

  /** Properties contributed by a merge key's value: one map (or alias of one), or a list of them, first wins. */
  #mergeSources(valueNode: Node | null, path: PathSegment[], depth: number): LocatedProperty[] {
    const sources = isSeq(valueNode) ? (valueNode.items as Node[]) : valueNode ? [valueNode] : [];
    const properties: LocatedProperty[] = [];
    for (const source of sources) {
      const converted = this.convert(source, path, depth + 1);
      if (converted?.kind === "object") properties.push(...converted.properties);
      else {
        const message = "A merge key (<<) must refer to a map or a list of maps.";
        this.findings.push(syntaxFinding(message, this.#range(source), this.index, path));
      }
    }
    return properties;
  }

  #keyTextRange(keyNode: Scalar, key: string) {
    const range = keyNode.range;
    if (!range) return undefined;
    const quoted = keyNode.type === "QUOTE_DOUBLE" || keyNode.type === "QUOTE_SINGLE";
    const start = quoted ? range[0] + 1 : range[0];
    const end = quoted ? range[1] - 1 : range[1];
    return this.text.slice(start, end) === key ? this.lines.range(start, end) : undefined;
  }
}
