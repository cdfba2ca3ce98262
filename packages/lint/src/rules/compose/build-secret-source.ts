/**
 * The `compose/build-secret-source` rule: Build secret without a file or variable.
 * Its metadata is its documentation (`docs/rules/compose/build-secret-source.md`, `enginekit lint --explain
 * compose/build-secret-source`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/build-secret-source",
  name: "Build secret without a file or variable",
  docs: "`docker compose build` (and `enginekit build --service`) serves a build only the secrets that say where their content comes from: `file` or `environment`. A `build.secrets` entry naming an `external` secret makes the build fail (`build.secrets only supports environment or file-based secrets`); `docker compose config` accepts the project.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "services:\n  web:\n    build:\n      context: .\n      secrets: [npmrc]\nsecrets:\n  npmrc:\n    external: true\n",
    },
    {
      kind: "valid",
      code: "services:\n  web:\n    build:\n      context: .\n      secrets: [npmrc]\nsecrets:\n  npmrc:\n    environment: NPM_TOKEN\n",
    },
  ],
});
