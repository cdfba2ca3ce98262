/**
 * `secretHover`: hover on a `svc:` secret reference of a manifest — its KV version and metadata, or its
 * field names — never a value.
 */
import type { AnalyzedManifest } from "@enginekit/lint";
import { type CancellationToken, type Hover, MarkupKind } from "vscode-languageserver";
import { toLspRange } from "../diagnostics/to-lsp.js";
import { type SecretsService, userPath } from "./secrets-service.js";

/**
 * Hover on a `svc:` reference of a manifest (docs/language-server.md "Secret completion"): the reference,
 * and with `secrets.completion` on, its KV version, current version and count, created time, and whether
 * the current version is deleted or destroyed (KV v2 metadata), or the field names (KV v1). Never a value.
 * Null when the offset is not in a reference (the manifest hover answers).
 */
export async function secretHover(
  service: SecretsService,
  manifest: AnalyzedManifest,
  offset: number,
  token?: CancellationToken,
): Promise<Hover | null> {
  const ref = manifest.check.documents
    .flatMap((d) => d.references)
    .find((r) => r.range.start.offset <= offset && offset <= r.range.end.offset);
  if (!ref) return null;
  const lines = [`**Secret reference** \`${ref.location}\`${ref.field ? ` field \`${ref.field}\`` : ""}`];
  if (ref.valid && service.settings().completion) {
    const mount = `${ref.mount}/`;
    const version = await service.kvVersionOf(mount, token);
    const path = userPath(mount, ref.location, version);
    if (version === 2 && path) {
      const meta = await service.lookup(
        `metadata:${path}`,
        async (c, signal) => (await c.kv.readMetadata(path, { signal })) ?? null,
        token,
      );
      if (meta) {
        const current = meta.versions[String(meta.current_version)];
        lines.push(
          "",
          `KV version 2 · version ${meta.current_version} of ${Object.keys(meta.versions).length}`,
          `Created: ${meta.created_time}`,
        );
        if (current?.destroyed) lines.push("**The current version is destroyed.**");
        else if (current?.deletion_time)
          lines.push(`**The current version was deleted at ${current.deletion_time}.**`);
      } else if (meta === null) lines.push("", "Nothing is stored at this path.");
    } else if (version === 2)
      lines.push("", `KV version 2 mount: the path needs \`data/\` after \`${mount}\`.`);
    else if (version === 1 && path) {
      const exists = await service.fieldNames(path, token);
      if (exists)
        lines.push(
          "",
          exists.length > 0
            ? `KV version 1 · fields: ${exists.map((f) => `\`${f}\``).join(", ")}`
            : "KV version 1 · nothing is stored at this path.",
        );
    }
  }
  return { contents: { kind: MarkupKind.Markdown, value: lines.join("\n") }, range: toLspRange(ref.range) };
}
