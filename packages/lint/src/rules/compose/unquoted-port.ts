/**
 * The `compose/unquoted-port` rule: Unquoted port.
 * Its metadata is its documentation (`docs/rules/compose/unquoted-port.md`, `enginekit lint --explain
 * compose/unquoted-port`).
 * Same check elsewhere: dclint require-quotes-in-ports.
 */
import { type ComposeScalar, propertyValue } from "@enginekit/compose";
import { ownServices, scalarItems } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** `HH:MM`-shaped text YAML 1.1 (PyYAML, docker-compose 1.x) reads as a base-60 number. */
const SEXAGESIMAL = /^[0-9]+(?::[0-5]?[0-9])+$/;

export default composeRule(
  {
    id: "compose/unquoted-port",
    name: "Unquoted port",
    description: "An entry of `ports` or `expose` is not quoted.",
    severity: "style",
    fix: "always",
    docs: `Write ports as strings. YAML 1.1 readers (PyYAML, so docker-compose 1.x, and many other tools) read an
unquoted \`22:22\` as the base-60 number 1342, and a port that starts as a number becomes one when a host part is
added later. compose-go reads YAML 1.2 and is not fooled, but a quoted entry means the same to every reader.
The quick fix wraps the entry in double quotes (dclint's \`require-quotes-in-ports\` wants single quotes by
default; either kind is accepted here).`,
    peers: ["dclint require-quotes-in-ports"],
    examples: [
      { kind: "invalid", code: "services:\n  ssh:\n    image: sshd:1\n    ports:\n      - 22:22\n" },
      {
        kind: "valid",
        code: "services:\n  ssh:\n    image: sshd:1\n    ports:\n      - \"2222:22\"\n    expose: ['22']\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) =>
      ["ports", "expose"].flatMap((key) =>
        scalarItems(propertyValue(service.node, key))
          .filter((item: ComposeScalar) => item.style === "plain" && item.value !== null)
          .map((item) => {
            const text = file.text.slice(item.range.start.offset, item.range.end.offset);
            const base60 = SEXAGESIMAL.test(text) ? " (YAML 1.1 readers take it for a base-60 number)" : "";
            return {
              range: item.range,
              message: `quote the ${key} entry ${text}${base60}`,
              fix: {
                title: "Quote the port",
                edits: [{ range: item.range, newText: JSON.stringify(text) }],
              },
            };
          }),
      ),
    ),
);
