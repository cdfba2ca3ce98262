/**
 * The `compose/dangerous-capability` rule: Capability that reaches the host.
 * Its metadata is its documentation (`docs/rules/compose/dangerous-capability.md`, `enginekit lint --explain
 * compose/dangerous-capability`).
 * Same check elsewhere: compose-lint CL-0011 / CL-0024 / CL-0027 / CL-0028 / CL-0029 / CL-0030.
 */
import { propertyValue } from "@enginekit/compose";
import { literalText, ownServices, scalarItems } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** Capabilities that can be turned against the host, and what each allows (capabilities(7)). */
const DANGEROUS: Readonly<Record<string, string>> = {
  ALL: "every capability: as much as privileged, without the devices",
  SYS_ADMIN: "mount, namespaces and much of the rest of root",
  SYS_MODULE: "loading kernel modules",
  SYS_PTRACE: "tracing other processes and reading their memory",
  SYS_RAWIO: "raw I/O ports and /dev/mem",
  SYS_BOOT: "rebooting the host",
  SYS_TIME: "setting the host's clock",
  DAC_READ_SEARCH: "reading any file by handle (the shocker escape)",
  DAC_OVERRIDE: "ignoring file permissions",
  NET_ADMIN: "changing interfaces, routes and firewall rules",
  BPF: "loading BPF programs",
  PERFMON: "reading kernel performance data",
  MAC_ADMIN: "changing the AppArmor or SELinux policy",
  MAC_OVERRIDE: "bypassing the AppArmor or SELinux policy",
  SYSLOG: "reading the kernel log (kernel addresses)",
};

export default composeRule(
  {
    id: "compose/dangerous-capability",
    name: "Capability that reaches the host",
    description: "A service's `cap_add` grants `ALL` or a capability that can be turned against the host.",
    severity: "warning",
    fix: "never",
    docs: `The engine's default capability set is small on purpose. \`cap_add: [ALL]\` undoes it, and \`SYS_ADMIN\`,
\`SYS_MODULE\`, \`SYS_PTRACE\`, \`SYS_RAWIO\`, \`SYS_BOOT\`, \`SYS_TIME\`, \`DAC_READ_SEARCH\`, \`DAC_OVERRIDE\`, \`NET_ADMIN\`,
\`BPF\`, \`PERFMON\`, \`MAC_ADMIN\`, \`MAC_OVERRIDE\` and \`SYSLOG\` each have a known way to the host or to other
containers. Names are read as the engine reads them: in any case, with or without \`CAP_\`. compose-lint splits
these into several rules by consequence (CL-0011, CL-0024, CL-0027 to CL-0030); their ids all name this
rule. Suppress with a reason for the workloads that need one (a VPN needs \`NET_ADMIN\`).`,
    peers: ["compose-lint CL-0011 / CL-0024 / CL-0027 / CL-0028 / CL-0029 / CL-0030"],
    examples: [
      { kind: "invalid", code: "services:\n  app:\n    image: shop/app:1\n    cap_add: [ALL]\n" },
      {
        kind: "valid",
        code: "services:\n  web:\n    image: nginx:1.27\n    cap_drop: [ALL]\n    cap_add: [NET_BIND_SERVICE]\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) =>
      scalarItems(propertyValue(service.node, "cap_add")).flatMap((item) => {
        const name = literalText(item)?.toUpperCase().replace(/^CAP_/, "");
        const what = name === undefined ? undefined : DANGEROUS[name];
        if (!what) return [];
        return [{ range: item.range, message: `service "${service.name}" adds ${name}: ${what}` }];
      }),
    ),
);
