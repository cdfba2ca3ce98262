/**
 * The `compose/quoted-volume` rule: Quoted volume entry.
 * Its metadata is its documentation (`docs/rules/compose/quoted-volume.md`, `enginekit lint --explain
 * compose/quoted-volume`).
 * Same check elsewhere: dclint no-quotes-in-volumes.
 */
import { propertyValue } from "@enginekit/compose";
import { ownServices, scalarItems } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** A string that YAML reads back as the same string when written without quotes (a safe plain scalar). */
const PLAIN_SAFE = /^[A-Za-z0-9_./~][A-Za-z0-9_./~:@=+,-]*$/;

export default composeRule(
  {
    id: "compose/quoted-volume",
    name: "Quoted volume entry",
    description: "A short-syntax `volumes` entry of a service is quoted.",
    severity: "off",
    fix: "sometimes",
    docs: `dclint's \`no-quotes-in-volumes\` asks for volume entries without quotes (\`- ./data:/data\`). Quotes change
nothing here: Compose reads the same string. The rule is off by default because it is a matter of taste; turn
it on (\`compose/quoted-volume: style\`, or \`no-quotes-in-volumes: style\`) to match a dclint setup. The quick
fix removes the quotes when the entry reads the same without them (no spaces, \`#\`, \`: \` or YAML indicators,
no interpolation).`,
    peers: ["dclint no-quotes-in-volumes"],
    examples: [
      {
        kind: "invalid",
        code: 'services:\n  db:\n    image: postgres:16\n    volumes:\n      - "./data:/var/lib/postgresql/data"\n',
      },
      {
        kind: "valid",
        code: "services:\n  db:\n    image: postgres:16\n    volumes:\n      - ./data:/var/lib/postgresql/data\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) =>
      scalarItems(propertyValue(service.node, "volumes"))
        .filter((item) => item.style === "single-quoted" || item.style === "double-quoted")
        .map((item) => {
          const value = String(item.value);
          const inner = file.text.slice(item.range.start.offset + 1, item.range.end.offset - 1);
          const safe =
            inner === value &&
            PLAIN_SAFE.test(value) &&
            !value.endsWith(":") &&
            !/^[0-9.:]+$/.test(value) &&
            !/^(?:null|true|false|yes|no|on|off|y|n)$/i.test(value);
          return {
            range: item.range,
            message: "the volume entry is quoted; Compose reads it the same without quotes",
            ...(safe
              ? { fix: { title: "Remove the quotes", edits: [{ range: item.range, newText: value }] } }
              : {}),
          };
        }),
    ),
);
