// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax in prose and examples
/**
 * `invalid-substitution`: a `${…}` the engine's shell-word lexer rejects in a word it expands itself
 * (BuildKit `frontend/dockerfile/shell/lex.go`): an unsupported modifier (`${a:x}`, `${a:#x}`), a bad
 * substitution (`${}`, `${:a}`) or a missing `}`/`/`. The build fails at that instruction.
 */
import { expansionErrors } from "../../enginefile/expanded-words.js";
import { enginefileRule } from "../../model/rule.js";

const SUBSTITUTION = /substitution|missing '[}/]'/;

export default enginefileRule(
  {
    id: "invalid-substitution",
    name: "Invalid variable substitution",
    description:
      "A `${…}` with a modifier the engine does not support, or not closed, where the engine expands variables.",
    severity: "error",
    fix: "never",
    docs: `Where the engine expands variables itself — FROM, ENV, LABEL, ARG, COPY/ADD paths and flags, EXPOSE,
USER, WORKDIR, VOLUME, STOPSIGNAL, \`RUN --mount\` values — it supports \`$v\`, \`\${v}\`, \`\${v:-w}\`, \`\${v-w}\`,
\`\${v:+w}\`, \`\${v+w}\`, \`\${v:?w}\`, \`\${v?w}\`, \`\${v#p}\`, \`\${v##p}\`, \`\${v%p}\`, \`\${v%%p}\`, \`\${v/p/r}\` and
\`\${v//p/r}\`. Any other modifier (\`\${v:x}\`, \`\${v:#p}\`), an empty or malformed name (\`\${}\`) or a missing
\`}\` fails the build with the lexer's message ("unsupported modifier (:x) in substitution"). In RUN, CMD
and ENTRYPOINT the shell expands variables when the step runs, so they are not checked here. Escape a
literal dollar sign as \`\\$\`.`,
    peers: ["dockerfile-utils (variable modifiers)"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nENV DIR=${HOME:x}\n" },
      { kind: "valid", code: "FROM alpine:3.20\nARG V=1\nENV DIR=${HOME:-/root} VERSION=${V%%.*}\n" },
    ],
  },
  (file) =>
    expansionErrors(file)
      .filter((e) => SUBSTITUTION.test(e.reason))
      .map((e) => ({
        range: e.range,
        message: `The engine cannot expand this value: ${e.reason.includes("\uFFFD") ? `a \${ is never closed with } (${e.reason})` : e.reason}. Use one of the supported forms (\${v:-default}, \${v:+alt}, \${v#prefix}, \${v%suffix}, \${v/old/new}) or escape the dollar sign as \\$.`,
      })),
);
