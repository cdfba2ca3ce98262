/**
 * The `compose/file` rule: Missing project file.
 * Its metadata is its documentation (`docs/rules/compose/file.md`, `enginekit lint --explain compose/file`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/file",
  name: "Missing project file",
  docs: "A Compose file, an `--env-file`, an `env_file` of an `include`, an `extends` file or an `include`d file that does not exist.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    extends: {file: missing.yaml, service: base}\n" },
    { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n" },
  ],
});
