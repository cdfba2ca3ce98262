/**
 * The `compose/schema` rule: Value outside the Compose Specification.
 * Its metadata is its documentation (`docs/rules/compose/schema.md`, `enginekit lint --explain
 * compose/schema`).
 * Same check elsewhere: dclint invalid-schema.
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/schema",
  name: "Value outside the Compose Specification",
  docs: "Each value is checked against the Compose Specification's JSON schema (vendored in `@enginekit/compose`, see docs/compose.md for its version) after interpolation, as compose-go does.",
  peers: ["dclint invalid-schema"],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n    ports: 80\n" },
    { kind: "valid", code: 'services:\n  web:\n    image: nginx:1.27\n    ports: ["8080:80"]\n' },
  ],
});
