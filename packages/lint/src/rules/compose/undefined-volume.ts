/**
 * The `compose/undefined-volume` rule: Undefined volume.
 * Its metadata is its documentation (`docs/rules/compose/undefined-volume.md`, `enginekit lint --explain
 * compose/undefined-volume`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/undefined-volume",
  name: "Undefined volume",
  docs: "A named volume mounted by a service must be defined under the top-level `volumes`. Bind mounts (a source starting with `.`, `/` or `~`) and anonymous volumes need no definition.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: 'services:\n  db:\n    image: postgres:16\n    volumes: ["data:/var/lib/postgresql/data"]\n',
    },
    {
      kind: "valid",
      code: 'services:\n  db:\n    image: postgres:16\n    volumes: ["data:/var/lib/postgresql/data"]\nvolumes:\n  data: {}\n',
    },
  ],
});
