/**
 * A service-level resource and its `deploy.resources` twin set to different values (compose-go
 * `loader/validate.go`: "can't set distinct values on 'cpus' and 'deploy.resources.limits.cpus'", and the
 * same for `mem_limit`/`limits.memory`, `pids_limit`/`limits.pids`, `mem_reservation`/
 * `reservations.memory`). Values are compared as Compose reads them (bytes, CPUs), so `512m` equals `536870912`.
 */

import { parseByteSize, parseCpus } from "../../engine/units.js";
import { type ComposeScalar, nodeAt, propertyNamed, scalarText } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import type { CheckContext } from "./check-context.js";

const PAIRS: readonly {
  key: string;
  twin: string[];
  parse: (value: ComposeScalar["value"]) => number | undefined;
}[] = [
  { key: "cpus", twin: ["deploy", "resources", "limits", "cpus"], parse: parseCpus },
  { key: "mem_limit", twin: ["deploy", "resources", "limits", "memory"], parse: parseByteSize },
  {
    key: "pids_limit",
    twin: ["deploy", "resources", "limits", "pids"],
    parse: (v) => (v === null ? undefined : Number(v)),
  },
  { key: "mem_reservation", twin: ["deploy", "resources", "reservations", "memory"], parse: parseByteSize },
];

export function resourceConflicts(context: CheckContext): ComposeFinding[] {
  const findings: ComposeFinding[] = [];
  for (const service of context.services)
    for (const pair of PAIRS) {
      const own = propertyNamed(service.node, pair.key);
      const twin = nodeAt(service.node, pair.twin);
      if (own?.value?.kind !== "scalar" || twin?.kind !== "scalar") continue;
      const a = pair.parse(own.value.value);
      const b = pair.parse(twin.value);
      if (a === undefined || b === undefined || a === 0 || b === 0 || a === b) continue;
      const finding = context.finding(
        "compose/resource-conflict",
        `services.${service.name}: can't set distinct values on '${pair.key}' and '${pair.twin.join(".")}'`,
        own.value,
        ["services", service.name, pair.key],
      );
      findings.push({
        ...finding,
        related: [
          { file: twin.file, range: twin.range, message: `${pair.twin.join(".")} is ${scalarText(twin)}` },
        ],
      });
    }
  return findings;
}
