// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the examples are Compose text, where ${…} is interpolation syntax
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/interpolation",
  name: "Required variable or invalid template",
  docs: "`${VAR:?message}` and `${VAR?message}` require the variable; a `${` that is not one of Compose's forms (`${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?err}`, `${VAR?err}`, `${VAR:+alt}`, `${VAR+alt}`) is refused. Variables come from the environment first, then `.env` (or `--env-file`). Write `$$` for a literal `$`.",
  peers: [],
  examples: [
    { kind: "invalid", code: 'services:\n  web:\n    image: "nginx:${TAG:?set TAG}"\n' },
    { kind: "valid", code: 'services:\n  web:\n    image: "nginx:${TAG:-1.27}"\n' },
  ],
});
