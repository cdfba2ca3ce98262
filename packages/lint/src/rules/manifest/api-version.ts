/**
 * The `manifest/api-version` rule: Field newer than the target engine API version.
 * Its metadata is its documentation (`docs/rules/manifest/api-version.md`, `enginekit lint --explain
 * manifest/api-version`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/api-version",
  name: "Field newer than the target engine API version",
  docs: 'Manifests target engine API 1.24 (the API document) unless the document says `x-enginekit: {apiVersion: "1.41"}`, `.enginekit.yaml` sets `apiVersion`, or `enginekit lint --api-version` is given. A field or value added by a later version (`StopTimeout` 1.25, `HostConfig.Init` 1.25, `UpdateConfig.FailureAction: rollback` 1.28, `Placement.Preferences` 1.27 …; moby\'s API version history) is reported with the version that added it: an engine speaking the target version ignores the key (or refuses the value).',
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "Image: alpine:3.20\nStopTimeout: 30\n",
      fileName: "web.container.yaml",
    },
    {
      kind: "valid",
      code: 'x-enginekit: {apiVersion: "1.41"}\nImage: alpine:3.20\nStopTimeout: 30\n',
      fileName: "web.container.yaml",
    },
  ],
});
