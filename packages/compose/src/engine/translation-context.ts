/**
 * What both translations need to know about the project besides the service (`TranslationContext`): the
 * project name (the container names' prefix for `docker compose up`, the stack namespace for `docker stack
 * deploy`), the folder relative paths of the service's file start from, the home directory `~` stands for,
 * and the top-level `volumes` and `networks`; and the loop over a project's services both use. Pure.
 */
import { homedir } from "node:os";
import type { ComposeProject } from "../load/load-project.js";
import { type ComposeObject, propertyValue } from "../model/compose-node.js";
import type { TranslationContext } from "./translate-service.js";

/** The translation context of a service written in `file` (relative paths start from its base folder). */
function translationContext(project: ComposeProject, file: string): TranslationContext {
  const model = project.model;
  const volumes = propertyValue(model, "volumes");
  const networks = propertyValue(model, "networks");
  return {
    projectName: project.name,
    baseDirectory: project.baseDirectories.get(file) ?? project.projectDirectory,
    homeDirectory: project.variables.get("HOME") ?? homedir(),
    ...(volumes ? { volumes } : {}),
    ...(networks ? { networks } : {}),
  };
}

/**
 * Every service of the project (a mapping under `services`; profiles ignored: every service is checked)
 * translated with `translate`, in file order.
 */
export function translateEach<T>(
  project: ComposeProject,
  translate: (name: string, service: ComposeObject, context: TranslationContext) => T,
): T[] {
  const services = propertyValue(project.model, "services");
  if (services?.kind !== "object") return [];
  return services.properties.flatMap((property) =>
    property.value?.kind === "object"
      ? [translate(property.key, property.value, translationContext(project, property.file))]
      : [],
  );
}
