import type { Range } from "@enginekit/text";
import { closestMatch } from "@enginekit/text";
import type { Finding } from "../findings.js";
import type { LocatedNode, LocatedScalar } from "../tree/located-node.js";
import { propertyOf } from "../tree/navigate.js";
import { stringSource } from "../validate/scalar-edit.js";
import {
  KIND_DESCRIPTIONS,
  kindFromSchemaReference,
  MANIFEST_KINDS,
  type ManifestKind,
  parseKind,
} from "./manifest-kind.js";

/** Top-level keys that select the kind and are not sent to the engine. */
export const KIND_KEYS: readonly string[] = ["$schema", "kind"];

/** Where a document's kind came from, strongest first. */
export type KindSource = "option" | "kind-key" | "schema-key" | "modeline" | "file-name";

/** Inputs for {@link resolveKind} besides the document. */
export interface KindHints {
  /** Kind forced by the caller (e.g. a command-line flag or the editor's language id). */
  option?: ManifestKind;
  /** Kind from a `# yaml-language-server: $schema=…` comment. */
  modeline?: ManifestKind;
  /** Kind from the file name (`*.container.yaml`). */
  fileName?: ManifestKind;
  document: number;
  /** Range standing for the whole document when no key can carry a finding. */
  documentStart: Range;
}

/** A resolved kind and the findings about it. */
export interface ResolvedKind {
  kind?: ManifestKind;
  source?: KindSource;
  findings: Finding[];
}

const YAML_MODELINE = /^[ \t]*#[ \t]*yaml-language-server:[ \t]*\$schema=(\S+)/m;

/** The kind a `# yaml-language-server: $schema=<url>` comment selects (the Red Hat YAML server's modeline). */
export function kindFromModeline(text: string): ManifestKind | undefined {
  const match = YAML_MODELINE.exec(text);
  return match ? kindFromSchemaReference(match[1]!) : undefined;
}

function stringScalar(node: LocatedNode | undefined): LocatedScalar | undefined {
  return node?.kind === "scalar" && typeof node.value === "string" ? node : undefined;
}

/**
 * Decides a document's kind. Precedence (strongest first): the caller's option, a top-level `kind` key
 * (`container`, `service`, `network`, `volume`, `swarm`), a top-level `$schema` naming one of the exported
 * JSON Schemas, a `yaml-language-server` modeline, the file name. Findings: `manifest/unknown-kind` for a
 * `kind` value that is not a kind (with a did-you-mean fix) or when nothing gives a kind;
 * `manifest/kind-mismatch` (warning) when the in-document kind contradicts the file name or `$schema`.
 */
export function resolveKind(root: LocatedNode | undefined, hints: KindHints): ResolvedKind {
  const findings: Finding[] = [];
  const base = { document: hints.document };
  const kindProperty = propertyOf(root, "kind");
  const schemaProperty = propertyOf(root, "$schema");
  let keyKind: ManifestKind | undefined;
  if (kindProperty) {
    const scalar = stringScalar(kindProperty.value);
    keyKind = scalar ? parseKind(scalar.value as string) : undefined;
    if (!keyKind) {
      const range = kindProperty.value?.range ?? kindProperty.keyRange;
      const suggestion = scalar ? closestMatch(scalar.value as string, MANIFEST_KINDS) : undefined;
      findings.push({
        ...base,
        code: "manifest/unknown-kind",
        severity: "error",
        message: `"kind" must be one of ${MANIFEST_KINDS.join(", ")}.${suggestion ? ` Did you mean "${suggestion}"?` : ""}`,
        range,
        path: ["kind"],
        ...(suggestion && scalar
          ? {
              suggestion,
              fix: {
                title: `Replace with "${suggestion}"`,
                edits: [{ range, newText: stringSource(scalar, suggestion) }],
              },
            }
          : {}),
      });
    }
  }
  const schemaScalar = stringScalar(schemaProperty?.value);
  const schemaKind = schemaScalar ? kindFromSchemaReference(schemaScalar.value as string) : undefined;

  const candidates: [KindSource, ManifestKind | undefined][] = [
    ["option", hints.option],
    ["kind-key", keyKind],
    ["schema-key", schemaKind],
    ["modeline", hints.modeline],
    ["file-name", hints.fileName],
  ];
  const chosen = candidates.find(([, kind]) => kind !== undefined);
  if (!chosen) {
    if (!kindProperty || keyKind) {
      findings.push({
        ...base,
        code: "manifest/unknown-kind",
        severity: "error",
        message:
          "Cannot tell which request body this manifest is: name the file *.container.yaml, *.service.yaml, " +
          '*.network.yaml, *.volume.yaml or *.swarm.yaml (or .json), or add a top-level "kind" key.',
        range: hints.documentStart,
        path: [],
      });
    }
    return { findings };
  }
  const [source, kind] = chosen as [KindSource, ManifestKind];
  if (source !== "option") {
    const mismatch = (
      other: ManifestKind | undefined,
      what: string,
      range: Range | undefined,
      path: string,
    ) => {
      if (!other || other === kind || !range) return;
      findings.push({
        ...base,
        code: "manifest/kind-mismatch",
        severity: "warning",
        message: `${what} says ${other} but the document is checked as a ${KIND_DESCRIPTIONS[kind]} (from ${describeSource(source)}).`,
        range,
        path: path ? [path] : [],
      });
    };
    if (source === "kind-key") mismatch(schemaKind, "$schema", schemaScalar?.range, "$schema");
    const strongest = keyKind ? kindProperty?.value?.range : schemaKind ? schemaScalar?.range : undefined;
    if (source !== "file-name")
      mismatch(hints.fileName, "The file name", strongest, keyKind ? "kind" : "$schema");
  }
  return { kind, source, findings };
}

function describeSource(source: KindSource): string {
  switch (source) {
    case "option":
      return "the caller";
    case "kind-key":
      return 'the "kind" key';
    case "schema-key":
      return 'the "$schema" key';
    case "modeline":
      return "the yaml-language-server comment";
    case "file-name":
      return "the file name";
  }
}
