// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the examples are Compose text, where ${…} is interpolation syntax
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/unset-variable",
  name: "Unset variable",
  docs: "A `$VAR` or `${VAR}` whose variable is set neither in the environment nor in `.env` becomes an empty string. Give it a default (`${VAR:-value}`), require it (`${VAR:?message}`), or set it in `.env`.",
  peers: [],
  examples: [
    { kind: "invalid", code: 'services:\n  web:\n    image: "nginx:${TAG}"\n' },
    { kind: "valid", code: 'services:\n  web:\n    image: "nginx:${TAG:-1.27}"\n' },
  ],
});
