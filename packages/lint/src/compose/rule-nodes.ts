/**
 * What the Compose linter rules read (the dclint and compose-lint checks): a file's own YAML trees as
 * written (before interpolation and merging, so each finding is where the text is and a value merged in
 * from another file is reported there, not twice), the services of a tree, the merged project's services
 * written in this file, and literal scalars. The trees are `@enginekit/compose`'s located nodes.
 */
import type { ComposeNode, ComposeObject, ComposeProperty, ComposeScalar } from "@enginekit/compose";
import { propertyValue } from "@enginekit/compose";
import type { AnalyzedComposeFile } from "../runner/analyzed-compose.js";

/** The roots of the file's own YAML documents, as written (none when the file does not parse). */
export function ownRoots(file: AnalyzedComposeFile): ComposeObject[] {
  const roots = file.project.sources.get(file.path)?.roots ?? [];
  return roots.filter((r): r is ComposeObject => r.kind === "object");
}

/** One service: its name, its key in the `services` mapping, and its mapping. */
export interface ServiceEntry {
  name: string;
  property: ComposeProperty;
  node: ComposeObject;
}

/** The services of a `services` mapping (entries whose value is not a mapping are skipped). */
function servicesIn(root: ComposeNode | undefined): ServiceEntry[] {
  const services = propertyValue(root, "services");
  if (services?.kind !== "object") return [];
  const out: ServiceEntry[] = [];
  for (const property of services.properties)
    if (property.value?.kind === "object") out.push({ name: property.key, property, node: property.value });
  return out;
}

/** The services written in the file's own documents, in source order. */
export function ownServices(file: AnalyzedComposeFile): ServiceEntry[] {
  return ownRoots(file).flatMap((root) => servicesIn(root));
}

/** The merged project's services (interpolated, overrides and `extends` applied), by name. */
export function mergedServices(file: AnalyzedComposeFile): ServiceEntry[] {
  return servicesIn(file.project.model);
}

/** True when `node` was written in this file (merged nodes keep their file). */
export function writtenIn(file: AnalyzedComposeFile, node: { file: string }): boolean {
  return node.file === file.path;
}

/**
 * The scalar's text when it is a literal written in the file: a string, number or boolean with no `$`
 * interpolation (whose value is only known when Compose runs), else undefined.
 */
export function literalText(node: ComposeNode | undefined): string | undefined {
  if (node?.kind !== "scalar" || node.value === null) return undefined;
  if ((node as ComposeScalar).variables?.length) return undefined;
  const text = String(node.value);
  return text.includes("$") ? undefined : text;
}

/** True for a scalar Compose reads as true (`true`, or the strings `true`/`True`/`TRUE`). */
export function isTrue(node: ComposeNode | undefined): boolean {
  const text = literalText(node);
  return text !== undefined && text.toLowerCase() === "true";
}

/** The scalar items of a sequence (its other items skipped); none when `node` is not a sequence. */
export function scalarItems(node: ComposeNode | undefined): ComposeScalar[] {
  if (node?.kind !== "array") return [];
  return node.items.filter((i): i is ComposeScalar => i.kind === "scalar");
}

/**
 * The scalar's text as written in the source, without its quotes, and the offset where it starts, when the
 * source spells it verbatim (plain, or quoted without escapes); undefined for block scalars and escapes.
 * The trees are interpolated: this is the text before interpolation.
 */
export function sourceText(
  file: AnalyzedComposeFile,
  scalar: ComposeScalar,
): { text: string; base: number } | undefined {
  const start = scalar.range.start.offset;
  const end = scalar.range.end.offset;
  if (scalar.style === "plain") return { text: file.text.slice(start, end), base: start };
  if (scalar.style !== "single-quoted" && scalar.style !== "double-quoted") return undefined;
  const text = file.text.slice(start + 1, end - 1);
  if (scalar.style === "double-quoted" ? text.includes("\\") : text.includes("''")) return undefined;
  return { text, base: start + 1 };
}

/**
 * The range of the characters `[from, to)` of a literal scalar's value in the source, when the source writes
 * the value verbatim (see {@link sourceText}); else the scalar's whole range.
 */
export function rangeInValue(
  file: AnalyzedComposeFile,
  scalar: ComposeScalar,
  from: number,
  to: number,
): ComposeScalar["range"] {
  const source = sourceText(file, scalar);
  if (!source || source.text !== String(scalar.value)) return scalar.range;
  return linesOf(file).range(source.base + from, source.base + to);
}

/** The file's line index (offsets to positions), from its reading. */
export function linesOf(file: AnalyzedComposeFile): {
  range(start: number, end: number): ComposeScalar["range"];
} {
  const read = file.project.sources.get(file.path);
  if (read) return read.lines;
  return { range: () => ({ start: zero, end: zero }) };
}

const zero = { line: 0, character: 0, offset: 0 };

/**
 * The properties written inside `node`'s own text, in source order: those a `<<` merge key brings in from an
 * anchor elsewhere (which keep the anchor's ranges) are left out.
 */
export function ownProperties(node: ComposeObject): ComposeProperty[] {
  const { start, end } = node.range;
  return node.properties.filter(
    (p) => p.key !== "<<" && p.keyRange.start.offset >= start.offset && p.keyRange.end.offset <= end.offset,
  );
}

/** The profiles a service is in (`profiles`); none for a service that always runs. */
function profilesOf(service: ComposeObject): string[] {
  return scalarItems(propertyValue(service, "profiles")).map((p) => String(p.value));
}

/** True when two services can run at once: either always runs, or they share a profile. */
export function canRunTogether(a: ComposeObject, b: ComposeObject): boolean {
  const pa = profilesOf(a);
  const pb = profilesOf(b);
  return pa.length === 0 || pb.length === 0 || pa.some((p) => pb.includes(p));
}

/**
 * The host path of a service's `volumes` entry when it is a bind mount: the short syntax's source when it is
 * a path (`/var/run/docker.sock:/var/run/docker.sock:ro`), the long syntax's `source` when `type: bind`.
 * Undefined for named volumes, tmpfs and interpolated entries. `node` is where to report it.
 */
function bindSource(item: ComposeNode): { path: string; node: ComposeNode } | undefined {
  if (item.kind === "object") {
    if (literalText(propertyValue(item, "type")) !== "bind") return undefined;
    const source = propertyValue(item, "source");
    const path = literalText(source);
    return path !== undefined && source ? { path, node: source } : undefined;
  }
  const spec = literalText(item);
  if (spec === undefined) return undefined;
  const colon = spec.indexOf(":");
  const path = colon < 0 ? undefined : spec.slice(0, colon);
  if (path === undefined || !/^[./~]/.test(path)) return undefined;
  return { path, node: item };
}

/** The property `key` of a mapping (the last one when repeated), or undefined. */
export function propertyOf(node: ComposeObject, key: string): ComposeProperty | undefined {
  return node.properties.findLast((p) => p.key === key);
}

/** The bind mounts of a service's `volumes` (see `bindSource`), with their host paths without a trailing `/`. */
export function bindMounts(service: ComposeObject): { path: string; node: ComposeNode }[] {
  const volumes = propertyValue(service, "volumes");
  if (volumes?.kind !== "array") return [];
  return volumes.items.flatMap((item) => {
    const bind = bindSource(item);
    return bind ? [{ path: bind.path === "/" ? "/" : bind.path.replace(/\/+$/, ""), node: bind.node }] : [];
  });
}

/**
 * A service's `image` when it names an image to pull: written as a literal and without `build` (with
 * `build`, `image` names what the build produces). Undefined otherwise.
 */
export function pulledImage(service: ComposeObject): { node: ComposeNode; image: string } | undefined {
  const node = propertyValue(service, "image");
  const image = literalText(node);
  if (!node || image === undefined || propertyValue(service, "build") !== undefined) return undefined;
  return { node, image };
}

/** Tags that name no version, moved by every release (dclint's default `prohibitedTags`). */
export const MOVING_TAGS: ReadonlySet<string> = new Set([
  "latest",
  "stable",
  "edge",
  "test",
  "nightly",
  "dev",
  "beta",
  "canary",
  "lts",
]);
