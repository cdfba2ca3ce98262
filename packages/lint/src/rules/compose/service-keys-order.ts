/**
 * The `compose/service-keys-order` rule: Service keys in the usual order.
 * Its metadata is its documentation (`docs/rules/compose/service-keys-order.md`, `enginekit lint --explain
 * compose/service-keys-order`).
 * Same check elsewhere: dclint service-keys-order.
 */
import { orderReports } from "../../compose/reorder-fix.js";
import { linesOf, ownProperties, ownServices } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** dclint's default groups, in order: what the service is, what it needs, its data, environment, network, how it runs, metadata, identity. */
const GROUPS = [
  ["image", "build", "container_name"],
  ["depends_on"],
  ["volumes", "volumes_from", "configs", "secrets"],
  ["environment", "env_file"],
  ["ports", "networks", "network_mode", "extra_hosts"],
  ["command", "entrypoint", "working_dir", "restart", "healthcheck"],
  ["logging", "labels"],
  ["user", "isolation"],
];
const RANK = new Map(GROUPS.flat().map((key, index) => [key, index]));
/** `localeCompare(b, "en")`, without building a collator per call. */
const byName = new Intl.Collator("en").compare;

/** A key's place: its index in the groups, or after them all, sorted by name. */
function compareKeys(a: string, b: string): number {
  const ra = RANK.get(a) ?? -1;
  const rb = RANK.get(b) ?? -1;
  if (ra >= 0 && rb >= 0) return ra - rb;
  if (ra >= 0) return -1;
  if (rb >= 0) return 1;
  return byName(a, b);
}

export default composeRule(
  {
    id: "compose/service-keys-order",
    name: "Service keys in the usual order",
    description:
      "A service's keys are not in the usual order (image and build first, …, user last, then the rest by name).",
    severity: "style",
    fix: "sometimes",
    docs: `Services that list their keys in one order read alike. The order is dclint's: \`image\`, \`build\`,
\`container_name\`; \`depends_on\`; \`volumes\`, \`volumes_from\`, \`configs\`, \`secrets\`; \`environment\`, \`env_file\`;
\`ports\`, \`networks\`, \`network_mode\`, \`extra_hosts\`; \`command\`, \`entrypoint\`, \`working_dir\`, \`restart\`,
\`healthcheck\`; \`logging\`, \`labels\`; \`user\`, \`isolation\`; then every other key by name. Each key out of place
is reported. The quick fix moves whole lines (comments travel with their key); it is not offered when the
service holds anchors, aliases or merge keys, or is not written one key per line.`,
    peers: ["dclint service-keys-order"],
    examples: [
      { kind: "invalid", code: "services:\n  web:\n    ports: ['8080:80']\n    image: nginx:1.27\n" },
      { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n    ports: ['8080:80']\n" },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const entries = ownProperties(service.node).map((p) => ({
        range: p.range,
        at: p.keyRange,
        key: p.key,
      }));
      return orderReports(
        file.text,
        linesOf(file),
        entries,
        compareKeys,
        (e) => `"${e.key}" is out of order in service "${service.name}"`,
        `Put the keys of service "${service.name}" in order`,
      );
    }),
);
