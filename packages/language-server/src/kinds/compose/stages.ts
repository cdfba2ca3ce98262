/**
 * `targetStages`: the stage names (`FROM … AS name`) of the Dockerfile a Compose service builds, for
 * `build.target` completion: `build.dockerfile_inline`, else `build.dockerfile` (default `Dockerfile`, as
 * Compose) under `build.context` (default `.`), relative to the folder the service's file is read from. The
 * file is read only when it is a regular file of at most 4 MiB (a repository is untrusted input) and is
 * parsed by `@enginekit/enginefile`.
 */
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { nodeAt, propertyValue, type ServiceBuild, scalarText, serviceBuild } from "@enginekit/compose";
import { parse } from "@enginekit/enginefile";
import type { ComposeAnalysis } from "./analysis.js";

/** The largest Dockerfile read for its stage names (a build file is a few kB; the corpus's largest is < 100 kB). */
const MAX_DOCKERFILE_BYTES = 4 * 1024 * 1024;

/** The `build:` section of service `name`, read as `enginekit build --service` reads it. */
function buildOf(analysis: ComposeAnalysis, name: string): ServiceBuild | undefined {
  const project = analysis.compose.project;
  const service = nodeAt(project.model, ["services", name]);
  return service ? serviceBuild(project, name, service) : undefined;
}

/** The build context folder of service `name` (absolute), or undefined when it builds from a URL or not at all. */
export function buildContextOf(analysis: ComposeAnalysis, name: string): string | undefined {
  return buildOf(analysis, name)?.context;
}

/** The Dockerfile text of service `name`, or undefined when there is none to read. */
function dockerfileText(analysis: ComposeAnalysis, name: string): string | undefined {
  const build = buildOf(analysis, name);
  if (!build) return undefined;
  if (build.inline) return scalarText(propertyValue(build.node, "dockerfile_inline"));
  if (!build.context) return undefined;
  const file = build.dockerfile ?? resolve(build.context, "Dockerfile");
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
