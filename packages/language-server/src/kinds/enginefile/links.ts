/**
 * Enginefile document links (LSP `textDocument/documentLink`): the registry web page of each FROM base image
 * (Docker Hub, ghcr.io, quay.io, mcr.microsoft.com).
 */
import type { AnalyzedEnginefile } from "@enginekit/lint";
import type { DocumentLink } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";

/**
 * The web page of an image reference (`name[:tag][@digest]`), or undefined for registries without a
 * browsable page: Docker Hub (`_/<name>` for official images, `r/<ns>/<name>`), ghcr.io, quay.io and
 * mcr.microsoft.com (lsp-anchors §1 "Document links").
 */
function imageUrl(reference: string): string | undefined {
  if (reference.includes("$") || reference.length === 0 || reference.toLowerCase() === "scratch")
    return undefined;
  const name = reference.split("@")[0]!.replace(/:[^/:]*$/, "");
  const parts = name.split("/");
  const first = parts[0]!;
  const hasRegistry =
    parts.length > 1 && (first.includes(".") || first.includes(":") || first === "localhost");
  if (!hasRegistry)
    return parts.length === 1 ? `https://hub.docker.com/_/${name}` : `https://hub.docker.com/r/${name}`;
  const rest = parts.slice(1).join("/");
  switch (first) {
    case "docker.io":
    case "index.docker.io":
      return parts.length === 2 || parts[1] === "library"
        ? `https://hub.docker.com/_/${parts.at(-1)}`
        : `https://hub.docker.com/r/${rest}`;
    case "ghcr.io":
      return parts.length >= 3
        ? `https://github.com/${parts[1]}/${parts[2]}/pkgs/container/${parts.slice(2).join("%2F")}`
        : undefined;
    case "quay.io":
      return `https://quay.io/repository/${rest}`;
    case "mcr.microsoft.com":
      return `https://mcr.microsoft.com/artifact/mar/${rest}`;
    default:
      return undefined;
  }
}

/** Links for FROM base images (never for stage names or images written with variables). */
export function enginefileLinks(document: TextDocument, file: AnalyzedEnginefile): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (const ref of file.graph.references) {
    if (ref.kind !== "base" || ref.stage || !ref.image) continue;
    const target = imageUrl(ref.written);
    if (target)
      out.push({
        range: {
          start: document.positionAt(ref.range.start.offset),
          end: document.positionAt(ref.range.end.offset),
        },
        target,
      });
  }
  return out;
}
