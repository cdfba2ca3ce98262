/**
 * The `compose/sensitive-host-path` rule: Host system folder mounted.
 * Its metadata is its documentation (`docs/rules/compose/sensitive-host-path.md`, `enginekit lint --explain
 * compose/sensitive-host-path`).
 * Same check elsewhere: compose-lint CL-0013 / CL-0025.
 */
import { bindMounts, ownServices } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** Host folders whose contents control the host (a mount of one of them, or of a folder holding one). */
const SENSITIVE = [
  "/",
  "/etc",
  "/root",
  "/boot",
  "/proc",
  "/sys",
  "/dev",
  "/var/run",
  "/run",
  "/var/lib/docker",
  "/usr",
  "/lib",
  "/bin",
  "/sbin",
  "/home",
];

export default composeRule(
  {
    id: "compose/sensitive-host-path",
    name: "Host system folder mounted",
    description:
      "A service bind-mounts a host system folder (`/`, `/etc`, `/proc`, `/sys`, `/dev`, `/run`, `/var/lib/docker`, …).",
    severity: "warning",
    fix: "never",
    docs: `A bind mount of \`/\`, \`/etc\`, \`/root\`, \`/boot\`, \`/proc\`, \`/sys\`, \`/dev\`, \`/run\` or \`/var/run\`, \`/var/lib/docker\`,
\`/usr\`, \`/lib\`, \`/bin\`, \`/sbin\` or \`/home\` hands the container the host's configuration, kernel interfaces,
devices, other containers' data or users' keys; written to, it is root on the host. Mount the one file or
folder the service needs, read-only (\`:ro\`) if it only reads it. Files below these folders (\`/etc/localtime\`,
\`/etc/timezone\`) are not reported; the engine socket is \`compose/engine-socket\`'s.`,
    peers: ["compose-lint CL-0013 / CL-0025"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  agent:\n    image: shop/agent:1\n    volumes:\n      - /:/host\n",
      },
      {
        kind: "valid",
        code: "services:\n  app:\n    image: shop/app:1\n    volumes:\n      - /etc/localtime:/etc/localtime:ro\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      return bindMounts(service.node).flatMap((bind) => {
        const { path } = bind;
        if (!SENSITIVE.includes(path)) return [];
        return [
          {
            range: bind.node.range,
            message: `service "${service.name}" mounts the host's ${path}: the container reaches what controls the host`,
          },
        ];
      });
    }),
);
