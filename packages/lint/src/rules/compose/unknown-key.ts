/**
 * The `compose/unknown-key` rule: Unknown Compose key.
 * Its metadata is its documentation (`docs/rules/compose/unknown-key.md`, `enginekit lint --explain
 * compose/unknown-key`).
 * Same check elsewhere: dclint invalid-schema.
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/unknown-key",
  name: "Unknown Compose key",
  docs: "A key the Compose Specification does not define, with the closest known key when one is near (the same edit distance as every did-you-mean of enginekit). Keys starting with `x-` are extensions and always allowed.",
  peers: ["dclint invalid-schema"],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    imag: nginx:1.27\n" },
    { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n    x-owner: web-team\n" },
  ],
});
