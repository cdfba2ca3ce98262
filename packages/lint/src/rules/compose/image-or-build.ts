/**
 * The `compose/image-or-build` rule: Service without image or build.
 * Its metadata is its documentation (`docs/rules/compose/image-or-build.md`, `enginekit lint --explain
 * compose/image-or-build`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/image-or-build",
  name: "Service without image or build",
  docs: "Compose needs an image to run or a build to make one. A file meant only as an override is linted with its base when named `compose.override.yaml` (or the other default override names) beside it.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    restart: always\n" },
    { kind: "valid", code: "services:\n  web:\n    build: .\n" },
  ],
});
