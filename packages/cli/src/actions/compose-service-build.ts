/**
 * `enginekit build --service NAME [compose file]`: a Compose service's `build:` section as `enginekit build`
 * flags, for the same packer and `POST /build` as any build (docs/build.md "Compose services"). The project
 * is loaded as `enginekit compose config` loads it (`@enginekit/compose`: the named file or the default file
 * names with their overrides, `COMPOSE_FILE`, `.env`, interpolation, `extends`, `include`). The mapping
 * follows the Compose Specification's build section (`build.md`) and how `docker compose build` hands it to
 * BuildKit (docker/compose `pkg/compose/build.go`): `context` (relative to the file that wrote it),
 * `dockerfile` (relative to the context), `args`, `target`, `labels`, `shm_size`, `extra_hosts`, `network`,
 * `secrets` (the project's `secrets:` with `file` or `environment`; the id is the `target`, else the source
 * name), `ssh`, `cache_from`, `no_cache`, `pull`, `platforms` (one) and `tags`; the image is tagged with the
 * service's `image`, else `<project>-<service>`, as Compose names it. Keys `enginekit build` cannot honour
 * (`dockerfile_inline`, `additional_contexts`, `cache_to`, several `platforms`…) are refused in one line,
 * not ignored. Flags given on the command line win over the section (lists are added after it).
 */
import { resolve } from "node:path";
import {
  type ComposeNode,
  type ComposeProject,
  loadProject,
  nodeFileSystem,
  propertyValue,
} from "@enginekit/compose";
import { toPlainValue } from "@enginekit/manifests";
import { closestMatch } from "@enginekit/text";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import type { BuildFlags } from "./build.js";
import { checkComposeSsh } from "./compose-ssh-policy.js";

/** The build section keys this mapping reads. */
const READ = new Set([
  "context",
  "dockerfile",
  "args",
  "target",
  "labels",
  "shm_size",
  "extra_hosts",
  "network",
  "secrets",
  "ssh",
  "cache_from",
  "no_cache",
  "pull",
  "platforms",
  "tags",
]);

/** What a service's build becomes: the context directory and the flags, merged with the command line's. */
export interface ServiceBuild {
  context: string | undefined;
  flags: BuildFlags;
}

/**
 * Loads the project (`composeFile`, else Compose's default file names from the working directory) and turns
 * service `name`'s `build:` into build flags, `flags` (the command line's) winning.
 * @throws CliError (usage) for a project Compose refuses (its first error, `file:line:column`), an unknown
 *   service (with a suggestion), a service without `build:`, or a key this build cannot honour.
 */
export function composeServiceBuild(
  name: string,
  composeFile: string | undefined,
  flags: BuildFlags,
  io: CliIo,
): ServiceBuild {
  const project = loadProject({
    workingDir: io.cwd,
    files: composeFile === undefined ? [] : [composeFile],
    environment: io.env,
    fileSystem: nodeFileSystem,
  });
  const failure = project.findings.find((f) => f.severity === "error");
  if (failure) {
    // A missing project has no file to point into: the message names where it looked.
    const at =
      failure.code === "compose/file"
        ? ""
        : `${failure.file}:${failure.range.start.line + 1}:${failure.range.start.character + 1}: `;
    throw new CliError(`${at}${failure.message}`, ExitCode.usage);
  }
  const services = propertyValue(project.model, "services");
  const service = services?.kind === "object" ? services.properties.find((p) => p.key === name) : undefined;
  if (service?.value?.kind !== "object") {
    const names = services?.kind === "object" ? services.properties.map((p) => p.key) : [];
    const guess = closestMatch(name, names);
    throw new CliError(
      `--service ${name}: no such service in ${project.files.join(", ") || "the project"}${guess ? `; did you mean ${guess}?` : ""}`,
      ExitCode.usage,
    );
  }
  const build = propertyValue(service.value, "build");
  if (build === undefined)
    throw new CliError(`--service ${name}: the service has no build: section`, ExitCode.usage);
  const where = (node: ComposeNode) => project.baseDirectories.get(node.file) ?? project.projectDirectory;
  const plain = toPlainValue(build) as string | Record<string, unknown>;
  const section: Record<string, unknown> = typeof plain === "string" ? { context: plain } : plain;
  const unread = Object.keys(section).filter((key) => !READ.has(key));
  if (unread.length > 0)
    throw new CliError(
      `--service ${name}: build.${unread[0]} is not supported by enginekit build (it reads ${[...READ].join(", ")})`,
      ExitCode.usage,
    );
  const contextNode = build.kind === "object" ? propertyValue(build, "context") : build;
  const contextText = String(section.context ?? ".");
  const remote = /^(https?:\/\/|git@|git:\/\/|github\.com\/)/.test(contextText);
  const context = remote ? undefined : resolve(where(contextNode ?? build), contextText);
  const derived = translate(name, section, project, service.value, context);
  checkComposeSsh(name, derived.ssh, flags.ssh, { projectDir: project.projectDirectory, env: io.env });
  return {
    context,
    flags: {
      ...flags,
      ...(remote && flags.remote === undefined ? { remote: contextText } : {}),
      ...(flags.file === undefined && derived.file !== undefined ? { file: derived.file } : {}),
      tag: [...derived.tag, ...flags.tag],
      buildArg: [...derived.buildArg, ...flags.buildArg],
      label: [...derived.label, ...flags.label],
      addHost: [...derived.addHost, ...flags.addHost],
      cacheFrom: [...derived.cacheFrom, ...flags.cacheFrom],
      secret: [...derived.secret, ...flags.secret],
      ssh: [...derived.ssh, ...flags.ssh],
      ...scalar("target", flags.target, derived.target),
      ...scalar("network", flags.network, derived.network),
      ...scalar("shmSize", flags.shmSize, derived.shmSize),
      ...scalar("platform", flags.platform, derived.platform),
      ...(derived.noCache ? { cache: false } : {}),
      ...(derived.pull ? { pull: true } : {}),
    },
  };
}

function scalar<K extends string>(key: K, given: string | undefined, derived: string | undefined) {
  const value = given ?? derived;
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/** `KEY=VALUE` lines of a Compose map or list (`null` values: the bare key). */
function pairs(value: unknown, separator = "="): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value && typeof value === "object")
    return Object.entries(value).map(([k, v]) =>
      v === null || v === undefined ? k : `${k}${separator}${v}`,
    );
  return [];
}

function plainOf(node: ComposeNode | undefined): unknown {
  return node === undefined ? undefined : toPlainValue(node);
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

interface Derived {
  file?: string;
  tag: string[];
  buildArg: string[];
  label: string[];
  addHost: string[];
  cacheFrom: string[];
  secret: string[];
  ssh: string[];
  target?: string;
  network?: string;
  shmSize?: string;
  platform?: string;
  noCache: boolean;
  pull: boolean;
}

function translate(
  name: string,
  section: Record<string, unknown>,
  project: ComposeProject,
  service: ComposeNode,
  context: string | undefined,
): Derived {
  const refuse = (message: string) => new CliError(`--service ${name}: ${message}`, ExitCode.usage);
  const image = plainOf(propertyValue(service, "image"));
  const platforms = list(section.platforms);
  if (platforms.length > 1)
    throw refuse(
      `build.platforms names ${platforms.length} platforms; enginekit build builds one (--platform)`,
    );
  const out: Derived = {
    tag: [
      typeof image === "string" && image !== "" ? image : `${project.name}-${name}`,
      ...list(section.tags),
    ],
    buildArg: pairs(section.args),
    label: pairs(section.labels),
    // Compose writes extra hosts `host:ip` or `host=ip` (lists) or as a map; the engine takes `host:ip`.
    addHost: pairs(section.extra_hosts, ":").map((h) => (h.includes("=") ? h.replace("=", ":") : h)),
    cacheFrom: list(section.cache_from),
    secret: buildSecrets(section.secrets, project, refuse),
    ssh: pairs(section.ssh),
    noCache: section.no_cache === true,
    pull: section.pull === true,
  };
  if (section.dockerfile !== undefined && context !== undefined)
    out.file = resolve(context, String(section.dockerfile));
  if (section.target !== undefined) out.target = String(section.target);
  if (section.network !== undefined) out.network = String(section.network);
  if (section.shm_size !== undefined) out.shmSize = String(section.shm_size);
  const platform = platforms[0] ?? plainOf(propertyValue(service, "platform"));
  if (typeof platform === "string" && platform !== "") out.platform = platform;
  return out;
}

/**
 * `build.secrets` as `--secret` values: each names a top-level secret (`file:` → `src=`, `environment:` →
 * `env=`), served under its `target`, else its name (docker/compose `addSecretsConfig`).
 */
function buildSecrets(
  value: unknown,
  project: ComposeProject,
  refuse: (message: string) => CliError,
): string[] {
  if (!Array.isArray(value)) return [];
  const definitions = propertyValue(project.model, "secrets");
  return value.map((entry) => {
    const source = typeof entry === "string" ? entry : String((entry as { source?: unknown }).source ?? "");
    const target = typeof entry === "object" && entry ? (entry as { target?: unknown }).target : undefined;
    const id = typeof target === "string" && target !== "" ? target : source;
    const definition = propertyValue(definitions, source);
    if (definition === undefined) throw refuse(`build.secrets: the project defines no secret ${source}`);
    const plain = toPlainValue(definition) as { file?: string; environment?: string };
    if (typeof plain.file === "string") {
      const file = propertyValue(definition, "file")!;
      const base = project.baseDirectories.get(file.file) ?? project.projectDirectory;
      return `id=${id},src=${resolve(base, plain.file)}`;
    }
    if (typeof plain.environment === "string") return `id=${id},env=${plain.environment}`;
    throw refuse(`build.secrets: secret ${source} has neither file: nor environment:`);
  });
}
