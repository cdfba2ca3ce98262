/**
 * Judges one located request body translated from a Compose service with the manifests' checks of its kind
 * (`@enginekit/manifests`: `validateNode` against the api schema — with a swarm service's task-level
 * refusals deferred when it is scaled to 0 (`deferTaskLevel`), as `checkManifest` judges a service manifest —
 * `engineAdvisories`, and the target-version findings of `sourceFindings`) at the project's target API version, and rewrites each finding for the
 * Compose file: it lands on the Compose value the field came from, under the Compose key's name
 * (`blkio_config.weight must be between 10 and 1000`), with the value as written when Compose converted it
 * (`"500us" is 500000`). The container check (`engine-check.ts`) and the stack check (`stack-check.ts`)
 * both use it. Pure; never throws.
 */
import {
  deferTaskLevel,
  engineAdvisories,
  type Finding,
  LineIndex,
  sourceFindings,
  toPlainValue,
  validateNode,
} from "@enginekit/manifests";
import type { ComposeProject } from "../load/load-project.js";
import { scalarText } from "../model/compose-node.js";
import type { ComposeFinding } from "../model/findings.js";
import { memoisedFindings } from "./judged-memo.js";
import type { FieldOrigin, LocatedBody } from "./located-body.js";

/** Manifest codes that say the engine refuses the body (the others are advisories). */
const LIMIT_CODES: ReadonlySet<string> = new Set([
  "manifest/limit",
  "manifest/constraint",
  "manifest/invalid-value",
  "manifest/invalid-type",
  "manifest/missing-field",
]);

/** The engine API version a project is judged at, and where that choice came from (for messages). */
export interface TargetApiVersion {
  version: string;
  /** `".enginekit.yaml apiVersion"`, `"DOCKER_API_VERSION"`, `"the engine's newest"`… */
  source: string;
}

/** A manifest finding with the body field's Compose origin. */
export interface JudgedFinding {
  finding: Finding;
  origin: FieldOrigin | undefined;
}

function pathLabel(path: readonly (string | number)[]): string {
  return path.map((segment) => String(segment)).join(".");
}

/**
 * The manifest findings of `body` (of manifest kind `kind`, schema `schema`) at `target`: schema issues,
 * advisories and fields newer than the target (`manifest/api-version`). Unknown keys (the translation
 * writes only known fields) and whole-number-float findings (the translation writes numbers, not the
 * user's tokens) are dropped. Version findings on fields the user did not write (a default the translation
 * always sends, located at the service itself) are dropped too: nothing in the file can change them.
 */
export function judgeBody(
  project: ComposeProject,
  body: LocatedBody,
  kind: "container" | "service",
  schema: Parameters<typeof validateNode>[1],
  target: TargetApiVersion,
): JudgedFinding[] {
  const root = body.root;
  const source = project.sources.get(root.file);
  const text = source?.text ?? "";
  const judge = (): Finding[] => {
    const context = { text, lines: source?.lines ?? new LineIndex(text), document: 0 };
    const schemaFindings = validateNode(root, schema, { ...context, apiVersion: target.version });
    const raw = [
      // a service scaled to 0 runs no task: what only a task's start refuses is an advisory, as for a
      // service manifest (checkManifest's deferTaskLevel, @enginekit/manifests validate/task-level.ts)
      ...(kind === "service" ? deferTaskLevel(schemaFindings, toPlainValue(root)) : schemaFindings),
      ...engineAdvisories(kind, root, 0, target.version),
      ...sourceFindings(root, schema, { text, document: 0, apiVersion: target.version }).filter(
        (f) => f.code === "manifest/api-version",
      ),
    ];
    return raw.filter((finding) => {
      if (finding.code === "manifest/unknown-key") return false;
      const origin = body.origin(finding.path);
      return !(
        finding.code === "manifest/api-version" &&
        (!origin ||
          (origin.node.range.start.offset === root.range.start.offset && origin.node.file === root.file))
      );
    });
  };
  // an edit in one service re-judges that service only (judged-memo.ts)
  return memoisedFindings(root, text, schema, `${kind} ${target.version}`, judge).map((finding) => ({
    finding,
    origin: body.origin(finding.path),
  }));
}

/** The body's plain value at `path`. */
export function plainAt(body: LocatedBody, path: readonly (string | number)[]): unknown {
  let value: unknown = toPlainValue(body.root);
  for (const segment of path)
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[segment] : undefined;
  return value;
}

/**
 * A manifest finding's message with the Compose key's name in place of the engine field's, and the value
 * as written when Compose converted it (`("500us" is 500000)`). A version finding is written anew for the
 * project (`healthcheck.start_period (Healthcheck.StartPeriod) was added in engine API 1.29; the project
 * targets 1.24 (DOCKER_API_VERSION) …`).
 */
function composeMessage(judged: JudgedFinding, body: LocatedBody, target: TargetApiVersion): string {
  const { finding, origin } = judged;
  if (!origin) return finding.message;
  if (finding.code === "manifest/api-version") {
    const since = /added in engine API (\d+\.\d+)/.exec(finding.message)?.[1] ?? "a later version";
    const refused = /refuse/.test(finding.message);
    return `${origin.composeKey} (${pathLabel(finding.path)}) was added in engine API ${since}; the project targets ${target.version} (${target.source}), whose engines ${refused ? "refuse the value" : "ignore it"}. Set apiVersion in .enginekit.yaml or pass --api-version if your engine speaks ${since} or later.`;
  }
  let message = finding.message;
  // the longest tail of the path the message opens with, list indexes dropped (`Placement.Constraints entries`)
  search: for (let start = 0; start < finding.path.length; start++)
    for (let end = finding.path.length; end > start; end--) {
      const label = pathLabel(finding.path.slice(start, end));
      if (message.startsWith(label)) {
        message = origin.composeKey + message.slice(label.length);
        break search;
      }
    }
  const written = scalarText(origin.node);
  const value = plainAt(body, finding.path);
  if (
    written !== undefined &&
    (typeof value === "number" || typeof value === "string") &&
    String(value) !== written
  )
    message += ` ("${written}" is ${String(value)})`;
  return message;
}

/** The variables that interpolated the origin's value and were unset (the value may differ at run time). */
function unsetVariables(origin: FieldOrigin | undefined): string[] {
  const node = origin?.node;
  return node?.kind === "scalar"
    ? (node.variables ?? []).filter((v) => v.source === "unset").map((v) => v.name)
    : [];
}

/**
 * A logging driver name the engine does not ship may be a plugin installed under an alias (`loki`): the
 * engine refuses it only where no such plugin is installed, so a finding about the name is an advisory (a
 * container's `HostConfig.LogConfig.Type`, a task's `TaskTemplate.LogDriver.Name`). A plugin's options get no
 * finding of their own: the api's log-option checks skip a driver they set aside (`isSetAside`).
 */
function isLoggingPlugin(finding: Finding): boolean {
  const at = finding.path.findIndex((segment) => segment === "LogConfig" || segment === "LogDriver");
  return at >= 0 && finding.path[at + 1] === (finding.path[at] === "LogConfig" ? "Type" : "Name");
}

/**
 * The Compose finding of one judged manifest finding of service `service`: a `compose/engine-limit` error
 * when the engine refuses the value (a limit code at error severity), else a `compose/engine-advisory` with
 * the manifest's severity (an error softened to a warning). A value built from unset variables (it may
 * differ where the file runs) and a logging driver that may be a plugin soften an error, and say so. The
 * message is `service "<name>": ` and the Compose wording (see {@link composeMessage}), then `suffix`.
 */
export function composeFinding(
  judged: JudgedFinding,
  body: LocatedBody,
  target: TargetApiVersion,
  service: string,
  suffix = "",
): ComposeFinding {
  const { finding, origin } = judged;
  const unset = unsetVariables(origin);
  const plugin = isLoggingPlugin(finding);
  const because =
    unset.length > 0
      ? ` (with ${unset.join(", ")} unset)`
      : plugin
        ? " (unless a logging plugin is installed under this name)"
        : "";
  const error = LIMIT_CODES.has(finding.code) && finding.severity === "error" && because === "";
  return {
    code: error ? "compose/engine-limit" : "compose/engine-advisory",
    message: `service "${service}": ${composeMessage(judged, body, target)}${because}${suffix}`,
    severity: error ? "error" : finding.severity === "error" ? "warning" : finding.severity,
    file: origin?.node.file ?? body.root.file,
    range: finding.range,
    path: ["services", service],
  };
}
