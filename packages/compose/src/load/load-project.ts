/**
 * Loads a Compose project the way compose-go's loader does (`loader/loader.go` `loadYamlModel`,
 * `loader/extends.go`, `loader/include.go`): the project's files in order (see `projectFiles`), each read,
 * interpolated with the project's variables, its `extends` resolved (same file or another file, cycles
 * refused), its `include`s loaded as sub-projects and imported, then merged onto the files before it (see
 * `mergeNodes`). The project directory is the first file's folder unless given; the project name is the
 * `name` key, else `COMPOSE_PROJECT_NAME`, else the project directory's name, normalized as Compose does.
 * Nothing is dropped on an error: every problem is a finding at its file and range, and the rest is loaded.
 * Pure given its file system; never throws.
 */
import { basename, dirname, resolve } from "node:path";
import { type PathSegment, toPlainValue } from "@enginekit/manifests";
import { interpolateTree } from "../interpolate/interpolate-tree.js";
import {
  type ComposeNode,
  type ComposeObject,
  type ComposeProperty,
  propertyNamed,
  propertyValue,
  scalarText,
} from "../model/compose-node.js";
import type { ComposeFinding } from "../model/findings.js";
import { type ComposeFileRead, readComposeFile } from "../read/read-compose-file.js";
import type { ComposeFileSystem } from "./file-system.js";
import { applyResetTags, mergeNodes } from "./merge.js";
import { type ProjectFilesSource, projectFiles } from "./project-files.js";
import { ProjectVariables } from "./variables.js";

/** Options of {@link loadProject}. */
export interface LoadOptions {
  /** The directory relative paths (`-f`, `COMPOSE_FILE`) start from, and where the default search starts. */
  workingDir: string;
  /** The `-f` files, in order (absolute or relative to `workingDir`). */
  files?: readonly string[];
  /** `--project-directory`; default: the first file's folder. */
  projectDirectory?: string;
  /** The process environment (or the caller's): variables, `COMPOSE_FILE`, `COMPOSE_PROFILES`, `COMPOSE_PROJECT_NAME`. */
  environment?: Readonly<Record<string, string | undefined>>;
  /** `--env-file` files (relative to `workingDir`); default: `.env` in the project directory when it exists. */
  envFiles?: readonly string[];
  /** `--profile`s; default: `COMPOSE_PROFILES` split at commas. */
  profiles?: readonly string[];
  /** `--project-name`. */
  projectName?: string;
  fileSystem: ComposeFileSystem;
}

/** A loaded project. */
export interface ComposeProject {
  name: string;
  projectDirectory: string;
  /** The project's own files, in merge order. */
  files: string[];
  filesSource: ProjectFilesSource | "none";
  /** Every file read (project files, `include`d and `extends` files), by absolute path. */
  sources: Map<string, ComposeFileRead>;
  /** The folder each file's relative paths start from (project files: the project directory). */
  baseDirectories: Map<string, string>;
  /** The merged, interpolated model (undefined when no file could be read). */
  model: ComposeObject | undefined;
  /** Loader findings: syntax, interpolation, extends, include, merge, missing files. */
  findings: ComposeFinding[];
  variables: ProjectVariables;
  /** The active profiles. */
  profiles: string[];
}

/** Loads the project; see the module comment. */
export function loadProject(options: LoadOptions): ComposeProject {
  const environment = options.environment ?? {};
  const found = projectFiles(options.workingDir, options.files, environment, options.fileSystem);
  const files = "files" in found ? found.files : [];
  const projectDirectory = resolve(
    options.projectDirectory ?? (files[0] ? dirname(files[0]) : options.workingDir),
  );
  const variables = new ProjectVariables(environment);
  const loader = new ProjectLoader(options.fileSystem, variables);
  const envFiles = options.envFiles?.map((f) => resolve(options.workingDir, f)) ?? [
    resolve(projectDirectory, ".env"),
  ];
  for (const envFile of envFiles) loader.readEnvFile(envFile, variables, options.envFiles !== undefined);
  if ("error" in found)
    loader.findings.push({
      code: "compose/file",
      message: found.error,
      severity: "error",
      file: resolve(options.workingDir),
      range: zeroRange(),
      path: [],
    });
  let model: ComposeObject | undefined;
  for (const file of files) {
    loader.baseDirectories.set(file, projectDirectory);
    const layer = loader.loadFile(file, variables, projectDirectory, [file], undefined);
    if (!layer) continue;
    model = model
      ? (mergeNodes(model, layer, [], loader.findings) as ComposeObject)
      : (applyResetTags(layer) as ComposeObject);
  }
  const profiles =
    options.profiles !== undefined
      ? [...options.profiles]
      : (variables.get("COMPOSE_PROFILES") ?? "").split(",").filter((p) => p !== "");
  return {
    name: projectName(options.projectName, model, variables, projectDirectory),
    projectDirectory,
    files,
    filesSource: "files" in found ? found.source : "none",
    sources: loader.sources,
    baseDirectories: loader.baseDirectories,
    model,
    findings: loader.findings,
    variables,
    profiles,
  };
}

function zeroRange() {
  const position = { line: 0, character: 0, offset: 0 };
  return { start: position, end: position };
}

/** Compose's project name normalisation: lower case, only `[a-z0-9_-]`, no leading `_`/`-`. */
export function normalizeProjectName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, "")
    .replace(/^[_-]+/, "");
}

function projectName(
  option: string | undefined,
  model: ComposeObject | undefined,
  variables: ProjectVariables,
  projectDirectory: string,
): string {
  const named = option ?? scalarText(propertyValue(model, "name")) ?? variables.get("COMPOSE_PROJECT_NAME");
  return normalizeProjectName(named || basename(projectDirectory));
}

class ProjectLoader {
  readonly sources = new Map<string, ComposeFileRead>();
  readonly baseDirectories = new Map<string, string>();
  readonly findings: ComposeFinding[] = [];
  /** Interpolated roots of files loaded for `extends`, per file and variables. */
  readonly #extendsFiles = new Map<string, ComposeObject | undefined>();

  constructor(
    readonly fileSystem: ComposeFileSystem,
    readonly variables: ProjectVariables,
  ) {}

  readEnvFile(
    path: string,
    variables: ProjectVariables,
    required: boolean,
    from?: { file: string; node: ComposeNode },
  ) {
    const text = this.fileSystem.readFile(path);
    if (text === undefined) {
      if (required)
        this.findings.push({
          code: "compose/file",
          message: `env file ${(from && scalarText(from.node)) ?? path} not found`,
          severity: "error",
          file: from?.file ?? path,
          range: from?.node.range ?? zeroRange(),
          path: [],
        });
      return;
    }
    const read = variables.addEnvFile(path, text);
    for (const error of read.errors)
      this.findings.push({
        code: "compose/syntax",
        message: `${error.message} in env file`,
        severity: "error",
        file: path,
        range: error.range,
        path: [],
      });
  }

  /** Reads and interpolates a file (once per file). */
  #read(
    file: string,
    variables: ProjectVariables,
    from?: { file: string; node: ComposeNode; what: string },
  ): ComposeObject | undefined {
    const text = this.fileSystem.readFile(file);
    if (text === undefined) {
      this.findings.push({
        code: "compose/file",
        message: `${from?.what ?? "Compose file"} ${from ? (scalarText(from.node) ?? file) : file} not found`,
        severity: "error",
        file: from?.file ?? file,
        range: from?.node.range ?? zeroRange(),
        path: [],
      });
      return undefined;
    }
    const read = readComposeFile(file, text);
    this.sources.set(file, read);
    this.findings.push(...read.findings);
    let root: ComposeObject | undefined;
    for (const documentRoot of read.roots) {
      interpolateTree(documentRoot, { text, lines: read.lines, variables, findings: this.findings });
      root = root
        ? (mergeNodes(root, documentRoot, [], this.findings) as ComposeObject)
        : (documentRoot as ComposeObject);
    }
    return root ?? { kind: "object", properties: [], range: read.lines.range(0, 0), file };
  }

  /**
   * Loads one file of a project: read, interpolated, `extends` resolved, `include`s imported. `chain` is the
   * list of files being included (to refuse include cycles).
   */
  loadFile(
    file: string,
    variables: ProjectVariables,
    projectDirectory: string,
    chain: string[],
    from: { file: string; node: ComposeNode; what: string } | undefined,
  ): ComposeObject | undefined {
    const root = this.#read(file, variables, from);
    if (!root) return undefined;
    this.#applyExtends(root, file, variables);
    return this.#applyIncludes(root, file, variables, projectDirectory, chain);
  }

  #applyExtends(root: ComposeObject, file: string, variables: ProjectVariables): void {
    const services = propertyValue(root, "services");
    if (services?.kind !== "object") return;
    const resolved = new Map<string, ComposeNode>();
    for (const property of services.properties) {
      if (!property.value) continue;
      property.value =
        this.#resolveService(root, file, property.key, variables, [], resolved) ?? property.value;
    }
  }

  /** The service `name` of the file `root` with its `extends` chain merged in (memoized per file in `done`). */
  #resolveService(
    root: ComposeObject,
    file: string,
    name: string,
    variables: ProjectVariables,
    stack: string[],
    done: Map<string, ComposeNode>,
  ): ComposeNode | undefined {
    const key = `${file}\0${name}`;
    const cached = done.get(key);
    if (cached) return cached;
    const service = propertyValue(propertyValue(root, "services"), name);
    if (!service) return undefined;
    const extendsProperty = propertyNamed(service, "extends");
    if (!extendsProperty?.value || service.kind !== "object") return service;
    const reference = extendsProperty.value;
    const baseName =
      reference.kind === "object" ? scalarText(propertyValue(reference, "service")) : scalarText(reference);
    const fileNode = reference.kind === "object" ? propertyValue(reference, "file") : undefined;
    const baseFileName = scalarText(fileNode);
    const withoutExtends: ComposeObject = {
      ...service,
      properties: service.properties.filter((p) => p !== extendsProperty),
    };
    if (baseName === undefined) return withoutExtends;
    const baseFile = baseFileName ? resolve(dirname(file), baseFileName) : file;
    const path: PathSegment[] = ["services", name, "extends"];
    if (stack.includes(`${baseFile}\0${baseName}`) || `${baseFile}\0${baseName}` === key) {
      const names = [...stack, key, `${baseFile}\0${baseName}`]
        .map((entry) => entry.split("\0")[1])
        .join(" -> ");
      this.findings.push({
        code: "compose/extends",
        message: `Circular reference with extends: ${names}`,
        severity: "error",
        file: extendsProperty.file,
        range: reference.range,
        path,
      });
      return withoutExtends;
    }
    let baseRoot = root;
    if (baseFile !== file) {
      if (!this.#extendsFiles.has(baseFile)) {
        const loaded = this.#read(baseFile, variables, {
          file: extendsProperty.file,
          node: fileNode ?? reference,
          what: "extends file",
        });
        this.#extendsFiles.set(baseFile, loaded);
        if (loaded && !this.baseDirectories.has(baseFile))
          this.baseDirectories.set(baseFile, dirname(baseFile));
      }
      const loaded = this.#extendsFiles.get(baseFile);
      if (!loaded) return withoutExtends;
      baseRoot = loaded;
    }
    const base = this.#resolveService(baseRoot, baseFile, baseName, variables, [...stack, key], done);
    if (!base) {
      this.findings.push({
        code: "compose/extends",
        message: `cannot extend service "${name}": service "${baseName}" not found in ${basename(baseFile)}`,
        severity: "error",
        file: extendsProperty.file,
        range:
          (reference.kind === "object" ? propertyValue(reference, "service") : reference)?.range ??
          reference.range,
        path,
      });
      return withoutExtends;
    }
    const merged = mergeNodes(applyResetTags(base), withoutExtends, ["services", name], this.findings);
    done.set(key, merged);
    return merged;
  }

  #applyIncludes(
    root: ComposeObject,
    file: string,
    variables: ProjectVariables,
    projectDirectory: string,
    chain: string[],
  ): ComposeObject {
    const include = propertyNamed(root, "include");
    if (!include?.value) return root;
    let model: ComposeObject = { ...root, properties: root.properties.filter((p) => p !== include) };
    const entries = include.value.kind === "array" ? include.value.items : [];
    entries.forEach((entry, index) => {
      const pathNode = entry.kind === "object" ? propertyValue(entry, "path") : entry;
      const paths = (pathNode?.kind === "array" ? pathNode.items : pathNode ? [pathNode] : [])
        .map((node) => ({ node, text: scalarText(node) }))
        .filter((p): p is { node: ComposeNode; text: string } => p.text !== undefined);
      if (paths.length === 0) return;
      const baseDir = this.baseDirectories.get(file) ?? projectDirectory;
      const includedFiles = paths.map((p) => ({ node: p.node, path: resolve(baseDir, p.text) }));
      const directoryNode = entry.kind === "object" ? propertyValue(entry, "project_directory") : undefined;
      const includedDirectory = scalarText(directoryNode)
        ? resolve(baseDir, scalarText(directoryNode)!)
        : dirname(includedFiles[0]!.path);
      const includedVariables = variables.derive();
      const envFileNode = entry.kind === "object" ? propertyValue(entry, "env_file") : undefined;
      const envFiles = (envFileNode?.kind === "array" ? envFileNode.items : envFileNode ? [envFileNode] : [])
        .map((node) => ({ node, text: scalarText(node) }))
        .filter((p): p is { node: ComposeNode; text: string } => p.text !== undefined);
      if (envFiles.length > 0)
        for (const envFile of envFiles)
          this.readEnvFile(resolve(baseDir, envFile.text), includedVariables, true, {
            file: envFile.node.file,
            node: envFile.node,
          });
      else this.readEnvFile(resolve(includedDirectory, ".env"), includedVariables, false);
      let imported: ComposeObject | undefined;
      for (const included of includedFiles) {
        if (chain.includes(included.path)) {
          this.findings.push({
            code: "compose/include",
            message: `include cycle detected: ${[...chain, included.path].map((f) => basename(f)).join(" -> ")}`,
            severity: "error",
            file: included.node.file,
            range: included.node.range,
            path: ["include", index],
          });
          continue;
        }
        this.baseDirectories.set(included.path, includedDirectory);
        const layer = this.loadFile(
          included.path,
          includedVariables,
          includedDirectory,
          [...chain, included.path],
          {
            file: included.node.file,
            node: included.node,
            what: "included file",
          },
        );
        if (!layer) continue;
        imported = imported
          ? (mergeNodes(imported, layer, [], this.findings) as ComposeObject)
          : (applyResetTags(layer) as ComposeObject);
      }
      if (imported) model = this.#import(model, imported);
    });
    return model;
  }

  /** Adds an included project's resources; a name defined on both sides with different content is an error. */
  #import(model: ComposeObject, imported: ComposeObject): ComposeObject {
    const properties = [...model.properties];
    for (const section of ["services", "networks", "volumes", "secrets", "configs", "models"]) {
      const theirs = propertyNamed(imported, section);
      if (theirs?.value?.kind !== "object") continue;
      const at = properties.findIndex((p) => p.key === section);
      const ours = at >= 0 ? properties[at]!.value : undefined;
      if (ours?.kind !== "object") {
        if (at >= 0) properties[at] = { ...properties[at]!, value: theirs.value };
        else properties.push(theirs);
        continue;
      }
      const merged: ComposeProperty[] = [...ours.properties];
      for (const resource of theirs.value.properties) {
        const existing = ours.properties.find((p) => p.key === resource.key);
        if (!existing) {
          merged.push(resource);
          continue;
        }
        if (
          !existing.value ||
          !resource.value ||
          JSON.stringify(toPlainValue(existing.value)) !== JSON.stringify(toPlainValue(resource.value))
        )
          this.findings.push({
            code: "compose/include",
            message: `${section}.${resource.key} conflicts with imported resource from ${basename(resource.file)}`,
            severity: "error",
            file: existing.file,
            range: existing.keyRange,
            path: [section, resource.key],
            related: [{ file: resource.file, range: resource.keyRange, message: "imported here" }],
          });
      }
      properties[at] = { ...properties[at]!, value: { ...ours, properties: merged } };
    }
    return { ...model, properties };
  }
}
