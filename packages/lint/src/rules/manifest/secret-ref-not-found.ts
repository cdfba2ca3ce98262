import { manifestFindingRule } from "./manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/not-found",
  name: "Secret not found",
  description: "Nothing is stored at the referenced path (or its latest version is deleted).",
  severity: "error",
  fixable: false,
  online: true,
  docs: "Online check (`--online`) against the secrets service named by `SVC_ADDR` with `SVC_TOKEN`.",
  peers: [],
  examples: [],
});
