/**
 * The stack check: each service translated into the swarm service spec `docker stack deploy` sends
 * (`translateStackService`) and judged by the manifests' checks of a service manifest (the api's
 * `ServiceSpec`, `engineAdvisories("service")`), the verdicts `enginekit lint` gives a `*.service.yaml`,
 * plus what the CLI refuses before it sends anything. Each finding lands on the Compose value under its
 * Compose name (`deploy.update_config.parallelism`) and says it is about `docker stack deploy`.
 *
 * When a service is judged as a swarm service (docs/compose.md "Swarm services"): `docker compose up` reads
 * only part of `deploy` (replicas, resource limits and reservations, the restart condition), `docker stack
 * deploy` all of it. A service is judged as a swarm service when it sets a key only `docker stack deploy`
 * reads (`STACK_ONLY_KEYS`: `deploy.mode`, `placement`, `update_config`, `rollback_config`,
 * `endpoint_mode`, `labels`, `restart_policy.delay`/`window`, generic resources), or when the caller asks
 * for every service (`stack: "always"`). Other services get no stack findings: nothing says they are meant
 * for a swarm, and the container check judges what `docker compose up` sends. What the engine refuses is a
 * `compose/engine-limit` error (a `compose/engine-advisory` warning when an unset variable made the value or
 * the log driver may be a plugin), every message ends with `(docker stack deploy)`, and a finding about a
 * value the container check already reports at least as severely is not repeated. Pure; never throws.
 */
import { ServiceSpec } from "@enginekit/api";
import type { ComposeProject } from "../load/load-project.js";
import type { ComposeFinding } from "../model/findings.js";
import { composeFinding, judgeBody, type TargetApiVersion } from "./body-findings.js";
import {
  setsStackOnlyKeys,
  type TranslatedStackService,
  translateStackService,
} from "./translate-stack-service.js";
import { translateEach } from "./translation-context.js";

/** Which services are judged as swarm services: see the module comment. */
export type StackMode = "auto" | "always" | "never";

/** Every service of the project translated for `docker stack deploy` (profiles ignored). */
export function translateStack(project: ComposeProject): TranslatedStackService[] {
  return translateEach(project, translateStackService);
}

const RANK = { error: 3, warning: 2, info: 1, style: 0 } as const;

/**
 * The stack check's findings for every service of the project, at target `target`; a finding the
 * container check already gives (`containerFindings`: same file and range, at least as severe) is left out.
 */
export function stackFindings(
  project: ComposeProject,
  target: TargetApiVersion,
  mode: StackMode,
  containerFindings: readonly ComposeFinding[] = [],
): ComposeFinding[] {
  if (!project.model || mode === "never") return [];
  const out: ComposeFinding[] = [];
  const reported = (file: string, range: ComposeFinding["range"], severity: ComposeFinding["severity"]) =>
    containerFindings.some(
      (f) =>
        f.file === file &&
        f.range.start.offset === range.start.offset &&
        f.range.end.offset === range.end.offset &&
        RANK[f.severity] >= RANK[severity],
    );
  // in "auto" mode a service without stack-only keys is skipped before it is translated
  const judged = translateEach(project, (name, service, context) =>
    mode === "always" || setsStackOnlyKeys(service)
      ? translateStackService(name, service, context)
      : undefined,
  );
  for (const translated of judged) {
    if (!translated) continue;
    const where = `service "${translated.service}"`;
    const push = (finding: ComposeFinding) => {
      if (!reported(finding.file, finding.range, finding.severity)) out.push(finding);
    };
    for (const refusal of translated.refusals)
      push({
        code: "compose/engine-limit",
        message: `${where}: ${refusal.composeKey}: docker stack deploy refuses it before sending the service (${refusal.message})`,
        severity: "error",
        file: refusal.node.file,
        range: refusal.node.range,
        path: ["services", translated.service],
      });
    const body = translated.body;
    for (const judged of judgeBody(project, body, "service", ServiceSpec, target))
      push(composeFinding(judged, body, target, translated.service, " (docker stack deploy)"));
  }
  return out;
}
