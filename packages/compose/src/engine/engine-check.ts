/**
 * The engine layer: each service translated into its create body (`translateService`) and judged by the
 * manifests' checks of a container manifest (`@enginekit/manifests` `validateNode` against the api's
 * `ContainerCreateBody`, and `engineAdvisories`), the same verdicts `enginekit lint` gives a
 * `*.container.yaml`. A finding lands on the Compose value the field came from, under the Compose key's name
 * (`blkio_config.weight must be between 10 and 1000`), with the value as written when Compose converted it
 * (`"500us" is 500000`). Errors are `compose/engine-limit`, warnings `compose/engine-advisory`. Unknown-key
 * findings cannot come from a user's text here (the translation writes only known fields) and are dropped.
 */
import { homedir } from "node:os";
import { ContainerCreateBody } from "@enginekit/api";
import {
  engineAdvisories,
  type Finding,
  LineIndex,
  MANIFEST_API_VERSIONS,
  toPlainValue,
  validateNode,
} from "@enginekit/manifests";
import type { ComposeProject } from "../load/load-project.js";
import { propertyValue, scalarText } from "../model/compose-node.js";
import type { ComposeFinding } from "../model/findings.js";
import { type TranslatedService, translateService } from "./translate-service.js";

/** Every service of the project translated (profiles ignored: every service is checked). */
export function translateProject(project: ComposeProject): TranslatedService[] {
  const model = project.model;
  const services = propertyValue(model, "services");
  if (services?.kind !== "object") return [];
  const context = {
    projectName: project.name,
    baseDirectory: project.projectDirectory,
    homeDirectory: project.variables.get("HOME") ?? homedir(),
    ...(propertyValue(model, "volumes") ? { volumes: propertyValue(model, "volumes")! } : {}),
    ...(propertyValue(model, "networks") ? { networks: propertyValue(model, "networks")! } : {}),
  };
  return services.properties.flatMap((property) =>
    property.value?.kind === "object"
      ? [
          translateService(property.key, property.value, {
            ...context,
            baseDirectory: project.baseDirectories.get(property.file) ?? project.projectDirectory,
          }),
        ]
      : [],
  );
}

/** The plain create bodies of every service, by service name (what `enginekit compose config --engine-json` prints). */
export function engineBodies(project: ComposeProject): Record<string, { name: string; body: unknown }> {
  return Object.fromEntries(
    translateProject(project).map((t) => [
      t.service,
      { name: t.containerName, body: toPlainValue(t.body.root) },
    ]),
  );
}

const LIMIT_CODES = new Set([
  "manifest/limit",
  "manifest/constraint",
  "manifest/invalid-value",
  "manifest/invalid-type",
  "manifest/missing-field",
]);

function pathLabel(path: readonly (string | number)[]): string {
  return path.map((segment) => String(segment)).join(".");
}

/** Rewrites a manifest finding's message with the Compose key's name and the value as written. */
function composeMessage(finding: Finding, translated: TranslatedService): string {
  const origin = translated.body.origin(finding.path);
  if (!origin) return finding.message;
  let message = finding.message;
  for (let start = 0; start < finding.path.length; start++) {
    const label = pathLabel(finding.path.slice(start));
    if (message.startsWith(label)) {
      message = origin.composeKey + message.slice(label.length);
      break;
    }
  }
  const written = scalarText(origin.node);
  const engineValue = toPlainValue(translated.body.root);
  let value: unknown = engineValue;
  for (const segment of finding.path)
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[segment] : undefined;
  if (
    written !== undefined &&
    (typeof value === "number" || typeof value === "string") &&
    String(value) !== written
  )
    message += ` ("${written}" is ${String(value)})`;
  return `service "${translated.service}": ${message}`;
}

/**
 * `host-gateway` in `extra_hosts` is the engine's own name for the host's gateway address (engine 20.10, API
 * 1.41); the v1.24 document's `ExtraHosts` check does not know it.
 */
function isHostGateway(finding: Finding, translated: TranslatedService): boolean {
  if (finding.path[0] !== "HostConfig" || finding.path[1] !== "ExtraHosts") return false;
  const plain = toPlainValue(translated.body.root) as { HostConfig?: { ExtraHosts?: string[] } };
  const entry =
    typeof finding.path[2] === "number" ? plain.HostConfig?.ExtraHosts?.[finding.path[2]] : undefined;
  return entry === undefined ? finding.message.includes("host-gateway") : entry.endsWith(":host-gateway");
}

/**
 * A logging driver name the engine does not ship may be a plugin installed under an alias (`loki`): the
 * engine refuses it only where no such plugin is installed, so it is an advisory, not a limit. (The plugin's
 * options get no finding of their own: the manifest check does not read them as the default driver's.)
 */
function isLoggingPlugin(finding: Finding): boolean {
  return finding.path[1] === "LogConfig" && finding.path[2] === "Type";
}

/** The engine layer's findings for every service of the project. Never throws. */
export function engineFindings(project: ComposeProject): ComposeFinding[] {
  if (!project.model) return [];
  const findings: ComposeFinding[] = [];
  for (const translated of translateProject(project)) {
    const root = translated.body.root;
    const source = project.sources.get(root.file);
    const text = source?.text ?? "";
    const context = { text, lines: source?.lines ?? new LineIndex(text), document: 0 };
    const raw = [
      ...validateNode(root, ContainerCreateBody, context),
      // `docker compose up` speaks the engine's own version (negotiated), the newest the schemas know
      ...engineAdvisories("container", root, 0, MANIFEST_API_VERSIONS.max),
    ];
    for (const finding of raw) {
      if (finding.code === "manifest/unknown-key" || finding.code === "manifest/api-version") continue;
      const origin = translated.body.origin(finding.path);
      if (isHostGateway(finding, translated)) continue;
      const unset =
        origin?.node.kind === "scalar"
          ? origin.node.variables?.filter((v) => v.source === "unset")
          : undefined;
      const advisory =
        !LIMIT_CODES.has(finding.code) ||
        finding.severity !== "error" ||
        (unset !== undefined && unset.length > 0) ||
        isLoggingPlugin(finding);
      const because =
        unset && unset.length > 0
          ? ` (with ${unset.map((v) => v.name).join(", ")} unset)`
          : isLoggingPlugin(finding)
            ? " (unless a logging plugin is installed under this name)"
            : "";
      findings.push({
        code: advisory ? "compose/engine-advisory" : "compose/engine-limit",
        message: composeMessage(finding, translated) + because,
        severity: advisory && finding.severity === "error" ? "warning" : finding.severity,
        file: origin?.node.file ?? root.file,
        range: finding.range,
        path: ["services", translated.service],
      });
    }
  }
  return findings;
}
