/**
 * The `compose/project-name` rule: Project without a name.
 * Its metadata is its documentation (`docs/rules/compose/project-name.md`, `enginekit lint --explain
 * compose/project-name`).
 * Same check elsewhere: dclint require-project-name-field.
 */
import { propertyValue } from "@enginekit/compose";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/project-name",
    name: "Project without a name",
    description: "The project's files give no top-level `name`, so the folder's name is the project's.",
    severity: "off",
    fix: "never",
    docs: `Without \`name\`, Compose names the project after the folder (or \`-p\`, \`COMPOSE_PROJECT_NAME\`), and the
containers, networks and volumes after it: the same file checked out in two folders makes two projects.
dclint's \`require-project-name-field\` asks for \`name\`. The rule is off by default (many projects are meant to
be named by their folder); turn it on in \`.enginekit.yaml\` (\`rules: {compose/project-name: info}\`, or
\`require-project-name-field: info\`). It reports once per project, at the start of the project's first file,
when none of its files (overrides and \`include\`s merged) sets \`name\`.`,
    peers: ["dclint require-project-name-field"],
    examples: [
      { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n" },
      { kind: "valid", code: "name: shop\nservices:\n  web:\n    image: nginx:1.27\n" },
    ],
  },
  (file) => {
    const { project } = file;
    if (project.files[0] !== file.path || !project.model) return [];
    if (propertyValue(project.model, "name") !== undefined) return [];
    const start = { line: 0, character: 0, offset: 0 };
    return [
      {
        range: { start, end: start },
        message: `the project has no top-level "name"; Compose names it "${project.name}" after its folder`,
      },
    ];
  },
);
