/**
 * `targetStages`: the stage names (`FROM … AS name`) of the Dockerfile a Compose service builds, for
 * `build.target` completion: `build.dockerfile_inline`, else `build.dockerfile` (default `Dockerfile`, as
 * Compose) under `build.context` (default `.`), relative to the folder the service's file is read from. The
 * file is read only when it is a regular file of at most 4 MiB (a repository is untrusted input) and is
 * parsed by `@enginekit/enginefile`.
 */
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { nodeAt, propertyValue, scalarText } from "@enginekit/compose";
import { parse } from "@enginekit/enginefile";
import type { ComposeAnalysis } from "./analysis.js";

/** The largest Dockerfile read for its stage names (a build file is a few kB; the corpus's largest is < 100 kB). */
const MAX_DOCKERFILE_BYTES = 4 * 1024 * 1024;

/** The build context folder of service `name` (absolute), or undefined when it builds from a URL or not at all. */
export function buildContextOf(analysis: ComposeAnalysis, name: string): string | undefined {
  const project = analysis.compose.project;
  const build = nodeAt(project.model, ["services", name, "build"]);
  if (!build) return undefined;
  const context = build.kind === "scalar" ? scalarText(build) : scalarText(propertyValue(build, "context"));
  if (context && /^[a-z][a-z0-9+.-]*:\/\//i.test(context)) return undefined;
  const base = project.baseDirectories.get(build.file) ?? project.projectDirectory;
  return resolve(base, context ?? ".");
}

/** The Dockerfile text of service `name`, or undefined when there is none to read. */
function dockerfileText(analysis: ComposeAnalysis, name: string): string | undefined {
  const build = nodeAt(analysis.compose.project.model, ["services", name, "build"]);
  const inline = build?.kind === "object" ? scalarText(propertyValue(build, "dockerfile_inline")) : undefined;
  if (inline !== undefined) return inline;
  const context = buildContextOf(analysis, name);
  if (!context) return undefined;
  const written = build?.kind === "object" ? scalarText(propertyValue(build, "dockerfile")) : undefined;
  const file = written && isAbsolute(written) ? written : resolve(context, written ?? "Dockerfile");
  try {
    const stat = statSync(file);
    if (!stat.isFile() || stat.size > MAX_DOCKERFILE_BYTES) return undefined;
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** The named stages of the Dockerfile service `name` builds, in file order; empty when there is none. */
export function targetStages(analysis: ComposeAnalysis, name: string): string[] {
  const text = dockerfileText(analysis, name);
  if (text === undefined) return [];
  const names = parse(text).stages.flatMap((stage) => (stage.name ? [stage.name] : []));
  return [...new Set(names)];
}
