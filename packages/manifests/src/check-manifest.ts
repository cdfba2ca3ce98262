/**
 * The manifest checker's entry points: `readManifest` reads a manifest's text into located trees without
 * validating it, and `checkManifest` checks syntax, kind, the kind's engine API schema (engine §2, §4),
 * secret references and plain-text secrets of every document (the project's own design, docs/manifests.md).
 */
import type { LineIndex } from "@enginekit/text";
import type { Finding } from "./findings.js";
import { ENGINE_KIND_SCHEMAS } from "./kinds/engine-kind-schemas.js";
import { extraKeysSchema, type KindSchemas } from "./kinds/kind-schema.js";
import { formatOf, KIND_DESCRIPTIONS, kindFromFileName, type ManifestKind } from "./kinds/manifest-kind.js";
import { KIND_KEYS, type KindSource, kindFromModeline, resolveKind } from "./kinds/resolve-kind.js";
import { findSecretReferences, type SecretReference } from "./secret-refs/find-references.js";
import { findPlainSecrets } from "./secret-refs/plain-secrets.js";
import type { ManifestDocument, ManifestFormat, ReadResult } from "./tree/manifest-document.js";
import { toPlainValue } from "./tree/navigate.js";
import { readJson } from "./tree/read-json.js";
import { readYaml } from "./tree/read-yaml.js";
import { engineAdvisories } from "./validate/engine-advisories.js";
import { objectAnchor } from "./validate/issue-findings.js";
import { sourceFindings } from "./validate/source-findings.js";
import { DEFAULT_MANIFEST_API_VERSION, SETTINGS_KEY, targetVersion } from "./validate/target-version.js";
import { deferTaskLevel } from "./validate/task-level.js";
import { validateNode } from "./validate/validate-document.js";

/** Options of {@link readManifest} and {@link checkManifest}. */
export interface ManifestOptions {
  /** The file's name or path: gives the format (`.json`, `.yaml`, `.yml`) and the kind (`*.container.yaml`). */
  fileName?: string;
  /** Forces the format (otherwise from the file name, else sniffed: `{`/`[` first means JSON). */
  format?: ManifestFormat;
  /** Forces the kind of every document (strongest source, see `resolveKind`). */
  kind?: ManifestKind;
  /**
   * The engine API version manifests target (`"1.41"`; default {@link DEFAULT_MANIFEST_API_VERSION}); a
   * document's `x-enginekit: {apiVersion}` wins. Fields added later are `manifest/api-version` warnings.
   */
  apiVersion?: string;
  /** The schema table; defaults to the request schemas of `@enginekit/api` ({@link ENGINE_KIND_SCHEMAS}). */
  schemas?: KindSchemas;
}

/** A document after checking: its kind (if known), secret references and every finding. */
export interface CheckedDocument extends ManifestDocument {
  kind?: ManifestKind;
  kindSource?: KindSource;
  references: SecretReference[];
  /** Every finding of this document (syntax ones included), in source order. */
  findings: Finding[];
}

/** The result of {@link checkManifest}. */
export interface ManifestCheck {
  format: ManifestFormat;
  documents: CheckedDocument[];
  /** Every finding of every document, in source order. */
  findings: Finding[];
  lines: LineIndex;
}

/**
 * Reads a manifest's text into located trees (one per YAML document; JSON has one) without validating it.
 * For editors that need the tree of a document being typed. Pure; never throws.
 */
export function readManifest(text: string, options: ManifestOptions = {}): ReadResult {
  const format = options.format ?? formatOf(options.fileName, text);
  return format === "json" ? readJson(text) : readYaml(text);
}

function bySourceOrder(a: Finding, b: Finding): number {
  return a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset;
}

/**
 * Reads and checks a manifest (the pure, synchronous core the linter and the language server use):
 * 1. syntax (`manifest/syntax`, `manifest/duplicate-key`) — the recovered tree is still checked;
 * 2. the kind of each document (file name, `kind`, `$schema`, modeline, option; see `resolveKind`);
 * 3. validation against the kind's schema, every issue located (`manifest/unknown-key`, `…/invalid-type`,
 *    `…/invalid-value`, `…/limit`, `…/missing-field`, `…/constraint`);
 * 4. secret references (`secret-ref/syntax`) and plain-text secrets (`secret/plain-value`).
 * Every document of a multi-document YAML stream is checked on its own, each with its own kind.
 * Online checks of references are separate (`checkSecretReferences`). Never throws.
 */
export function checkManifest(text: string, options: ManifestOptions = {}): ManifestCheck {
  const read = readManifest(text, options);
  const schemas = options.schemas ?? ENGINE_KIND_SCHEMAS;
  const fileKind = options.fileName ? kindFromFileName(options.fileName) : undefined;
  const modelineKind = read.format === "yaml" ? kindFromModeline(text) : undefined;
  const onlyDocument = read.documents.length === 1;
  const documents = read.documents.map((document) =>
    checkDocument(
      text,
      read.lines,
      document,
      schemas,
      onlyDocument,
      options.apiVersion ?? DEFAULT_MANIFEST_API_VERSION,
      {
        ...(options.kind ? { option: options.kind } : {}),
        ...(fileKind ? { fileName: fileKind } : {}),
        ...(modelineKind ? { modeline: modelineKind } : {}),
      },
    ),
  );
  return {
    format: read.format,
    documents,
    findings: documents.flatMap((document) => document.findings).sort(bySourceOrder),
    lines: read.lines,
  };
}

function checkDocument(
  text: string,
  lines: LineIndex,
  document: ManifestDocument,
  schemas: KindSchemas,
  onlyDocument: boolean,
  apiVersion: string,
  hints: { option?: ManifestKind; fileName?: ManifestKind; modeline?: ManifestKind },
): CheckedDocument {
  const { root, index } = document;
  const findings: Finding[] = [...document.syntaxFindings];
  const documentStart = lines.range(document.range.start.offset, document.range.start.offset);
  const empty =
    !root ||
    (root.kind === "scalar" && root.value === null && root.range.start.offset === root.range.end.offset);
  if (empty && !onlyDocument) {
    // An empty document in a stream (`---` at the end, a comment-only part) is allowed and not checked.
    return { ...document, references: [], findings };
  }
  const resolved = resolveKind(root, { ...hints, document: index, documentStart });
  findings.push(...resolved.findings);
  const { kind } = resolved;
  const referenceContext = { text, lines, document: index };
  const { references, findings: referenceFindings } = findSecretReferences(root, referenceContext);
  const result: CheckedDocument = {
    ...document,
    references,
    findings,
    ...(kind ? { kind } : {}),
    ...(resolved.source ? { kindSource: resolved.source } : {}),
  };
  const kindSchema = kind ? schemas[kind] : undefined;
  if (kind && kindSchema) {
    if (root?.kind === "object") {
      const extraKeys = kindSchema.extraKeys ?? {};
      const ignoredKeys = new Set([...KIND_KEYS, SETTINGS_KEY, ...Object.keys(extraKeys)]);
      const validate = { text, lines, document: index };
      const extraRootKeys = Object.keys(extraKeys);
      const target = targetVersion(root, apiVersion, index);
      findings.push(...target.findings);
      const schemaFindings = validateNode(root, kindSchema.body, {
        ...validate,
        ignoredKeys,
        extraRootKeys,
        apiVersion: target.apiVersion,
      });
      findings.push(
        ...(kind === "service" ? deferTaskLevel(schemaFindings, toPlainValue(root)) : schemaFindings),
      );
      findings.push(
        ...sourceFindings(root, kindSchema.body, {
          text,
          document: index,
          apiVersion: target.apiVersion,
          ignoredKeys,
        }),
        ...engineAdvisories(kind, root, index, target.apiVersion),
      );
      if (Object.keys(extraKeys).length > 0)
        findings.push(...validateNode(root, extraKeysSchema(extraKeys), validate));
    } else {
      const range = root
        ? objectAnchor({ text, lines, root, schema: kindSchema.body, document: index }, [])
        : documentStart;
      findings.push({
        code: "manifest/not-an-object",
        message: root
          ? `A manifest must be an object: the ${KIND_DESCRIPTIONS[kind]}.`
          : `The document is empty; expected the ${KIND_DESCRIPTIONS[kind]}.`,
        severity: "error",
        range,
        path: [],
        document: index,
      });
    }
  }
  findings.push(...referenceFindings, ...findPlainSecrets(root, referenceContext));
  findings.sort(bySourceOrder);
  return result;
}
