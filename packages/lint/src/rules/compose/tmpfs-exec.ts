/**
 * The `compose/tmpfs-exec` rule: tmpfs that allows programs or setuid.
 * Its metadata is its documentation (`docs/rules/compose/tmpfs-exec.md`, `enginekit lint --explain
 * compose/tmpfs-exec`).
 * Same check elsewhere: compose-lint CL-0022.
 */
import { propertyValue } from "@enginekit/compose";
import { literalText, ownServices, scalarItems } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/tmpfs-exec",
    name: "tmpfs that allows programs or setuid",
    description: "A `tmpfs` entry's options include `exec` or `suid`.",
    severity: "info",
    fix: "never",
    docs: `The engine mounts a \`tmpfs\` with \`noexec,nosuid,nodev\` unless told otherwise. \`exec\` lets a program written to
the tmpfs run (the usual second step after a download), and \`suid\` lets a setuid binary there take its owner's
rights. Keep the defaults unless the service really runs code from there (some JIT caches do).`,
    peers: ["compose-lint CL-0022"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  app:\n    image: shop/app:1\n    tmpfs:\n      - /tmp:exec,size=64m\n",
      },
      {
        kind: "valid",
        code: "services:\n  app:\n    image: shop/app:1\n    tmpfs:\n      - /tmp:size=64m\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const tmpfs = propertyValue(service.node, "tmpfs");
      const items = tmpfs?.kind === "scalar" ? [tmpfs] : scalarItems(tmpfs);
      return items.flatMap((item) => {
        const spec = literalText(item);
        const colon = spec?.indexOf(":") ?? -1;
        if (spec === undefined || colon < 0) return [];
        const allowed = spec
          .slice(colon + 1)
          .split(",")
          .filter((o) => o === "exec" || o === "suid");
        if (allowed.length === 0) return [];
        return [
          {
            range: item.range,
            message: `service "${service.name}": tmpfs ${spec.slice(0, colon)} allows ${allowed.join(" and ")}`,
          },
        ];
      });
    }),
);
