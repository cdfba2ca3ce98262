import { manifestFindingRule } from "./manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/unreachable",
  name: "Secrets service did not answer",
  docs: "Online check (`--online`): permission denied (which the service also answers for unknown paths), network errors, a sealed service.",
  peers: [],
  examples: [],
});
