/**
 * Checks a loaded project with the three layers, after the loader's own findings: the Compose
 * Specification schema (`schemaFindings`), Compose's consistency rules (`consistencyFindings`), and the
 * engine's verdict on the bodies each service becomes (`engineFindings`). Findings are ordered by file,
 * then position. Pure; never throws.
 */
import { type EngineCheckOptions, engineFindings } from "../engine/engine-check.js";
import type { ComposeProject } from "../load/load-project.js";
import type { ComposeFinding } from "../model/findings.js";
import { consistencyFindings } from "./consistency/consistency-checks.js";
import { schemaFindings } from "./schema-check.js";

/** Which layers to run (all by default), and the engine layer's options (target API version, swarm services). */
export interface CheckOptions extends EngineCheckOptions {
  schema?: boolean;
  consistency?: boolean;
  engine?: boolean;
}

/** The loader's findings and those of the layers asked for, in file and source order. */
export function checkProject(project: ComposeProject, options: CheckOptions = {}): ComposeFinding[] {
  const findings = [...project.findings];
  const model = project.model;
  if (model) {
    const schema = options.schema === false ? [] : schemaFindings(model);
    findings.push(...schema);
    if (options.consistency !== false) findings.push(...consistencyFindings(model));
    if (options.engine !== false) findings.push(...engineFindings(project, options));
  }
  return findings.sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.range.start.offset - b.range.start.offset ||
      a.range.end.offset - b.range.end.offset ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
