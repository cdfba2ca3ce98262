/**
 * The `compose/engine-limit` rule: The engine refuses the service.
 * Its metadata is its documentation (`docs/rules/compose/engine-limit.md`, `enginekit lint --explain
 * compose/engine-limit`).
 * Same check elsewhere: KICS Docker Compose queries (memory/CPU limits).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/engine-limit",
  name: "The engine refuses the service",
  docs: 'Each service is translated into the container create body `docker compose up` sends (docs/compose.md "From a service to the engine") and checked with the same verdicts as a `*.container.yaml` manifest: the engine\'s limits (`blkio_config.weight` 10\u20131000, memory at least 6 MB, `memswap_limit` at least `mem_limit`, `mem_swappiness` 0\u2013100, healthcheck durations 0 or at least 1 ms, `cpu_period` 1000\u20131000000 \u00b5s, `oom_score_adj` \u22121000\u20131000, restart policies\u2026), reported at the Compose value under the Compose key\'s name, with the converted value when Compose converts it. `docker compose config` accepts all of these and `up` fails. A service meant for a swarm (it sets a `deploy` key only `docker stack deploy` reads: `mode`, `placement`, `update_config`, `rollback_config`, `endpoint_mode`, `labels`\u2026) is also translated into the service spec `docker stack deploy` sends and checked as a `*.service.yaml` (`deploy.resources.limits.cpus` at least 0.001, `deploy.update_config.parallelism` at least 0, `max_failure_ratio` 0\u20131, placement constraints with `==` or `!=`\u2026); those messages end with `(docker stack deploy)` (docs/compose.md "Swarm services").',
  peers: ["KICS Docker Compose queries (memory/CPU limits)"],
  examples: [
    {
      kind: "invalid",
      code: 'services:\n  web:\n    image: nginx:1.27\n    blkio_config:\n      weight: 5\n    healthcheck:\n      test: [CMD, "true"]\n      interval: 500us\n',
    },
    {
      kind: "valid",
      code: 'services:\n  web:\n    image: nginx:1.27\n    blkio_config:\n      weight: 10\n    healthcheck:\n      test: [CMD, "true"]\n      interval: 1ms\n',
    },
  ],
});
