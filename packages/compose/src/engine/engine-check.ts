/**
 * The engine layer: each service translated into the bodies it becomes and judged by the manifests' checks
 * at the project's target API version (`targetApiVersion`). The container check translates each service
 * into its create body (`translateService`, what `docker compose up` sends) and judges it as a
 * `*.container.yaml` (the api's `ContainerCreateBody`, `engineAdvisories("container")`); the stack check
 * (`stack-check.ts`) translates it into the swarm service spec `docker stack deploy` sends and judges it as a
 * `*.service.yaml`. A finding lands on the Compose value the field came from, under the Compose key's name
 * (`blkio_config.weight must be between 10 and 1000`), with the value as written when Compose converted it
 * (`"500us" is 500000`). Errors are `compose/engine-limit`, warnings `compose/engine-advisory` (fields newer
 * than the target version among them).
 */
import { ContainerCreateBody } from "@enginekit/api";
import { type Finding, toPlainValue } from "@enginekit/manifests";
import type { ComposeProject } from "../load/load-project.js";
import type { ComposeFinding } from "../model/findings.js";
import { composeFinding, judgeBody, plainAt, type TargetApiVersion } from "./body-findings.js";
import { type StackMode, stackFindings, translateStack } from "./stack-check.js";
import { targetApiVersion } from "./target-api-version.js";
import { type TranslatedService, translateService } from "./translate-service.js";
import { translateEach } from "./translation-context.js";

/** Options of {@link engineFindings}. */
export interface EngineCheckOptions {
  /**
   * The project's target engine API version (`.enginekit.yaml` `apiVersion`, `--api-version`); when unset,
   * `ENGINE_API_VERSION`/`DOCKER_API_VERSION` from the environment, else 1.41 (see `targetApiVersion`).
   */
  apiVersion?: string;
  /** Which services the stack check judges as swarm services (default `"auto"`; see `stack-check.ts`). */
  stack?: StackMode;
}

/** Every service of the project translated for `docker compose up` (profiles ignored: every service is checked). */
export function translateProject(project: ComposeProject): TranslatedService[] {
  return translateEach(project, translateService);
}

/** One service's bodies as `enginekit compose config --engine-json` prints them. */
export interface EngineBodies {
  /** The container name `docker compose up` gives it. */
  name: string;
  /** The `POST /containers/create` body `docker compose up` sends. */
  body: unknown;
  /** The `POST /services/create` body `docker stack deploy` sends (the stack named after the project). */
  serviceSpec: unknown;
}

/** The plain bodies of every service, by service name (what `enginekit compose config --engine-json` prints). */
export function engineBodies(project: ComposeProject): Record<string, EngineBodies> {
  const specs = new Map(translateStack(project).map((t) => [t.service, toPlainValue(t.body.root)]));
  return Object.fromEntries(
    translateProject(project).map((t) => [
      t.service,
      { name: t.containerName, body: toPlainValue(t.body.root), serviceSpec: specs.get(t.service) },
    ]),
  );
}

/**
 * `host-gateway` in `extra_hosts` is the engine's own name for the host's gateway address (engine 20.10, API
 * 1.41); the v1.24 document's `ExtraHosts` check does not know it.
 */
function isHostGateway(finding: Finding, translated: TranslatedService): boolean {
  if (finding.path[0] !== "HostConfig" || finding.path[1] !== "ExtraHosts") return false;
  const entry =
    typeof finding.path[2] === "number"
      ? plainAt(translated.body, ["HostConfig", "ExtraHosts", finding.path[2]])
      : undefined;
  return typeof entry === "string"
    ? entry.endsWith(":host-gateway")
    : finding.message.includes("host-gateway");
}

/** The container check's findings for every service, at `target`. */
function containerFindings(project: ComposeProject, target: TargetApiVersion): ComposeFinding[] {
  const findings: ComposeFinding[] = [];
  for (const translated of translateProject(project)) {
    const body = translated.body;
    for (const judged of judgeBody(project, body, "container", ContainerCreateBody, target))
      if (!isHostGateway(judged.finding, translated))
        findings.push(composeFinding(judged, body, target, translated.service));
  }
  return findings;
}

/** The engine layer's findings for every service of the project (container and stack checks). Never throws. */
export function engineFindings(project: ComposeProject, options: EngineCheckOptions = {}): ComposeFinding[] {
  if (!project.model) return [];
  const target = targetApiVersion(project, options.apiVersion);
  const container = containerFindings(project, target);
  return [...container, ...stackFindings(project, target, options.stack ?? "auto", container)];
}
