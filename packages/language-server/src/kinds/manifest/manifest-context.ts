/**
 * Where a cursor is in a manifest: the document and kind holding it (`documentAt`); for YAML being typed, the
 * path comes from indentation alone (src/providers/yaml-path.ts).
 */
import type { AnalyzedManifest } from "@enginekit/lint";
import { type CheckedDocument, kindFromFileName, type ManifestKind } from "@enginekit/manifests";

/** The manifest document holding `offset` (multi-document YAML) and its kind. */
export function documentAt(
  manifest: AnalyzedManifest,
  offset: number,
): { document: CheckedDocument | undefined; kind: ManifestKind | undefined } {
  const docs = manifest.check.documents;
  const document =
    docs.find((d) => d.range.start.offset <= offset && offset <= d.range.end.offset) ?? docs.at(-1);
  const kind = document?.kind ?? (manifest.fileName ? kindFromFileName(manifest.fileName) : undefined);
  return { document, kind };
}
