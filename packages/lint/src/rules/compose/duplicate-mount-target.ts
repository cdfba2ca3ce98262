/**
 * The `compose/duplicate-mount-target` rule: Two mounts at one target.
 * Its metadata is its documentation (`docs/rules/compose/duplicate-mount-target.md`, `enginekit lint
 * --explain compose/duplicate-mount-target`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/duplicate-mount-target",
  name: "Two mounts at one target",
  docs: "Two entries of `volumes` and `tmpfs` mount at the same path in the container.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: 'services:\n  web:\n    image: nginx:1.27\n    tmpfs: /cache\n    volumes: ["./cache:/cache"]\n',
    },
    {
      kind: "valid",
      code: 'services:\n  web:\n    image: nginx:1.27\n    tmpfs: /tmp\n    volumes: ["./cache:/cache"]\n',
    },
  ],
});
