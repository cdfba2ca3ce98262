/**
 * Base images' platforms, read from an engine for BuildKit's InvalidBaseImagePlatform check: the platform
 * of each local image (`GET /images/{name}/json`: `Os`, `Architecture`, `Variant`) and the engine's own
 * (`GET /version`: `Os`, `Arch`), which is the build's target platform when a FROM names none. Platform
 * strings are compared as containerd's `platforms.Normalize` writes them (`x86_64` is `amd64`, `aarch64` is
 * `arm64`), on OS and architecture only, as BuildKit's `validateBaseImagePlatform` does.
 */

import type { AnalyzedEnginefile } from "./analysis.js";
import { baseImages } from "./base-images.js";

/** An OS/architecture[/variant] platform, normalised (`linux`, `amd64`, `v7`). */
export interface ImagePlatform {
  os: string;
  architecture: string;
  variant?: string;
}

/**
 * Reads platforms from an engine (the CLI's `--online`, the language server when it reaches one).
 * `imagePlatform` resolves to undefined for an image the engine does not have (it is never pulled) or
 * when the engine cannot answer; `enginePlatform` to undefined when the engine cannot answer.
 */
export interface ImagePlatformReader {
  imagePlatform(reference: string): Promise<ImagePlatform | undefined>;
  enginePlatform(): Promise<ImagePlatform | undefined>;
}

/** What the check reads: each base image's platform by its resolved reference, and the target platform. */
export interface ImagePlatformFacts {
  imagePlatforms: ReadonlyMap<string, ImagePlatform>;
  targetPlatform?: ImagePlatform;
}

const ARCHITECTURES: Record<string, string> = {
  x86_64: "amd64",
  "x86-64": "amd64",
  i386: "386",
  aarch64: "arm64",
  armhf: "arm",
  armel: "arm",
};

/** `os`, `architecture` and `variant` normalised as containerd's `platforms.Normalize` does. */
export function normalizePlatform(os: string, architecture: string, variant = ""): ImagePlatform {
  const o = os.toLowerCase();
  const a = architecture.toLowerCase();
  const arch = ARCHITECTURES[a] ?? a;
  let v = variant.toLowerCase();
  if (a === "armhf") v = "v7";
  else if (a === "armel") v = "v6";
  if (arch === "arm64" && v === "v8") v = "";
  return { os: o === "macos" ? "darwin" : o, architecture: arch, ...(v ? { variant: v } : {}) };
}

/** Parses `os/arch[/variant]` (normalised); undefined for anything else. */
export function parsePlatform(text: string): ImagePlatform | undefined {
  const parts = text.trim().split("/");
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => p === "")) return undefined;
  return normalizePlatform(parts[0]!, parts[1]!, parts[2]);
}

/** `os/arch[/variant]`. */
export function formatPlatform(p: ImagePlatform): string {
  return `${p.os}/${p.architecture}${p.variant ? `/${p.variant}` : ""}`;
}

/**
 * The facts the check needs for `file`, read through `reader`: every base image the file names (build
 * arguments' defaults expanded) and, when some FROM needs it, the engine's platform. Lookups run in
 * parallel; an image the engine does not have is left out. Never rejects (a failing lookup is a missing fact).
 */
export async function readImagePlatforms(
  file: AnalyzedEnginefile,
  reader: ImagePlatformReader,
): Promise<ImagePlatformFacts> {
  const references = [...new Set(baseImages(file).map((b) => b.reference))];
  if (references.length === 0) return { imagePlatforms: new Map() };
  const [target, ...platforms] = await Promise.all([
    reader.enginePlatform().catch(() => undefined),
    ...references.map((r) => reader.imagePlatform(r).catch(() => undefined)),
  ]);
  const imagePlatforms = new Map<string, ImagePlatform>();
  references.forEach((r, i) => {
    const p = platforms[i];
    if (p) imagePlatforms.set(r, p);
  });
  return { imagePlatforms, ...(target ? { targetPlatform: target } : {}) };
}
