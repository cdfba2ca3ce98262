/**
 * The paths a Compose file names, as links to the files and folders they resolve to, the way compose-go
 * resolves them (`loader/paths.go`, `loader/include.go`, `loader/extends.go`): `include` paths, their
 * `env_file` and `project_directory`; a service's `build` context (`build: dir` or `build.context`),
 * `build.dockerfile` (relative to the context), local `build.additional_contexts`, `env_file` (each form) and
 * `extends.file` (relative to the file's own folder); top-level `secrets`/`configs` `file:`. Relative paths
 * start from the file's base directory (the project directory for the project's files, the included
 * project's for an `include`d file). An `http(s)://` build context links to its URL; other remote contexts
 * (`git@…`, `ssh://`, `docker-image://`) link nowhere. An interpolated path links where it resolves with the
 * project's variables.
 */
import { dirname, resolve } from "node:path";
import type { Range } from "@enginekit/manifests";
import { type ComposeNode, propertyValue } from "../model/compose-node.js";
import { nameInValue, wholeValue } from "./name-in-value.js";
import type { NavigationFile, ProjectNavigation } from "./project-navigation.js";

/** One link: the path's characters in `file`, and the absolute path or URL it goes to. */
export interface ComposeLink {
  file: string;
  range: Range;
  target: string;
  /** The attribute the path is written in (`include`, `build.context`, `env_file`…). */
  via: string;
}

const REMOTE = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\/\/|git@|github\.com\/)/;
const URL = /^https?:\/\//;

/** The links of `file` (absolute path), in text order; none when the project did not read it. */
export function documentLinks(navigation: ProjectNavigation, file: string): ComposeLink[] {
  const source = navigation.files.get(file);
  if (!source) return [];
  const out: ComposeLink[] = [];
  for (const root of source.roots) collectLinks(source, root, out);
  return out.sort((a, b) => a.range.start.offset - b.range.start.offset);
}

function collectLinks(source: NavigationFile, root: ComposeNode, out: ComposeLink[]): void {
  /** Links `node`'s path from `base`; returns the resolved target, if any. */
  const link = (node: ComposeNode | undefined, via: string, base = source.baseDirectory) => {
    const found = nameInValue(node, source, wholeValue);
    if (!found) return undefined;
    const target = REMOTE.test(found.name)
      ? URL.test(found.name)
        ? found.name
        : undefined
      : resolve(base, found.name);
    if (target !== undefined) out.push({ file: source.file, range: found.range, target, via });
    return target;
  };
  const each = (node: ComposeNode | undefined, visit: (item: ComposeNode) => void) => {
    if (node?.kind === "array") node.items.forEach(visit);
    else if (node) visit(node);
  };

  each(propertyValue(root, "include"), (entry) => {
    if (entry.kind !== "object") return void link(entry, "include");
    each(propertyValue(entry, "path"), (path) => link(path, "include.path"));
    each(propertyValue(entry, "env_file"), (path) => link(path, "include.env_file"));
    link(propertyValue(entry, "project_directory"), "include.project_directory");
  });

  const services = propertyValue(root, "services");
  if (services?.kind === "object")
    for (const { value: service } of services.properties) {
      if (service?.kind !== "object") continue;
      const build = propertyValue(service, "build");
      if (build?.kind === "scalar") link(build, "build");
      else if (build?.kind === "object") {
        const contextNode = propertyValue(build, "context");
        const context = link(contextNode, "build.context") ?? source.baseDirectory;
        const written = nameInValue(contextNode, source, wholeValue)?.name;
        if (written === undefined || !REMOTE.test(written))
          link(propertyValue(build, "dockerfile"), "build.dockerfile", context);
        const contexts = propertyValue(build, "additional_contexts");
        if (contexts?.kind === "object")
          for (const property of contexts.properties) {
            const text = property.value?.kind === "scalar" ? String(property.value.value) : "";
            if (!/^[a-z-]+:/.test(text)) link(property.value, "build.additional_contexts");
          }
      }
      each(propertyValue(service, "env_file"), (entry) =>
        link(entry.kind === "object" ? propertyValue(entry, "path") : entry, "env_file"),
      );
      const extendsNode = propertyValue(service, "extends");
      if (extendsNode?.kind === "object")
        link(propertyValue(extendsNode, "file"), "extends.file", dirname(source.file));
    }

  for (const section of ["secrets", "configs"]) {
    const resources = propertyValue(root, section);
    if (resources?.kind === "object")
      for (const { value } of resources.properties) link(propertyValue(value, "file"), `${section}.file`);
  }
}
