/**
 * Compose findings: what the loader and the three layers of checks (schema, consistency, engine) report.
 * Each carries the file and exact range of the text to change; the linter turns each code into the rule
 * of the same id (docs/compose.md "Findings").
 */
import type { Fix, PathSegment, Range, Severity } from "@enginekit/manifests";

/**
 * Stable finding codes (never rename one). See {@link COMPOSE_FINDING_CODES} for what each reports.
 */
export type ComposeFindingCode =
  | "compose/syntax"
  | "compose/duplicate-key"
  | "compose/file"
  | "compose/interpolation"
  | "compose/unset-variable"
  | "compose/extends"
  | "compose/include"
  | "compose/merge"
  | "compose/schema"
  | "compose/unknown-key"
  | "compose/undefined-network"
  | "compose/undefined-volume"
  | "compose/undefined-secret"
  | "compose/undefined-config"
  | "compose/unknown-service"
  | "compose/depends-on-cycle"
  | "compose/network-mode-conflict"
  | "compose/resource-conflict"
  | "compose/container-name-scale"
  | "compose/healthcheck-test"
  | "compose/duplicate-mount-target"
  | "compose/image-or-build"
  | "compose/secret-source"
  | "compose/build-secret-source"
  | "compose/engine-limit"
  | "compose/engine-advisory";

/** Another place that matters to a finding (the other end of a conflict, the `extends` that brought a value). */
export interface RelatedLocation {
  file: string;
  range: Range;
  message: string;
}

/** One problem in a Compose project. Messages never contain the values of variables or secrets. */
export interface ComposeFinding {
  code: ComposeFindingCode;
  message: string;
  severity: Severity;
  /** The file the range is in (absolute path, as loaded). */
  file: string;
  range: Range;
  /** The path of the value in the merged project (`["services", "web", "ports", 0]`); [] for file-level ones. */
  path: PathSegment[];
  suggestion?: string;
  fix?: Fix;
  related?: RelatedLocation[];
}
