// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the examples are Compose text, where ${…} is interpolation syntax
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/engine-advisory",
  name: "The engine may refuse or ignore a value",
  docs: 'What the engine checks of the translated body that may still work where the file runs: a value built from an unset variable (the engine would refuse the empty result), a logging driver that is not built in (a plugin may be installed under that name), values the engine accepts but ignores, and fields added after the project\'s target engine API version (`.enginekit.yaml` `apiVersion`, `--api-version`, `DOCKER_API_VERSION`, else 1.41: docs/compose.md "API version"), which an engine speaking that version ignores.',
  peers: [],
  examples: [
    { kind: "invalid", code: 'services:\n  web:\n    image: "nginx:${TAG}"\n' },
    { kind: "valid", code: 'services:\n  web:\n    image: "nginx:${TAG:-1.27}"\n' },
  ],
});
