/**
 * `exampleContext`: the file-system context a rule's documented example states (its `.engineignore`), as
 * Enginefile lint options, shared by the generated rule pages and the rule tester (the project's own design).
 */
import { parseIgnoreFile } from "@enginekit/build-context/ignore";
import type { EnginefileLintOptions } from "../enginefile/analysis.js";
import type { RuleExample } from "../model/rule.js";

/**
 * The file-system context a documented example states, as Enginefile lint options: its `.engineignore`
 * (`RuleExample.engineignore`) read with the same matcher `enginekit lint` uses beside a real Enginefile
 * (node/project-settings.ts). Shared by the generated rule pages and the rule tester, so both lint an
 * example the same way. Empty when the example states none.
 */
export function exampleContext(
  example: RuleExample,
): Pick<EnginefileLintOptions, "isIgnored" | "ignoreHasExceptions"> {
  if (example.engineignore === undefined) return {};
  const matcher = parseIgnoreFile(example.engineignore, ".engineignore");
  return { isIgnored: (path) => matcher.matches(path).excluded, ignoreHasExceptions: matcher.hasExceptions };
}
