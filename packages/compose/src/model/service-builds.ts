/**
 * `serviceBuilds`: what each service's `build:` section of a loaded project builds — the context folder, the
 * Dockerfile written (if any) and the build secrets with the id the build sees them under. Read from the
 * located tree (no YAML, no schema), for `enginekit build --service` (which serves the secrets), the linter's
 * `unconfigured-build-secret` (which judges an Enginefile's secret mounts against them) and the language
 * server's `id=` completion.
 *
 * The id follows docker/compose `pkg/compose/build.go` `addSecretsConfig` and `build_bake.go`
 * `toBakeSecrets` (Compose v2.2x and later): a long-syntax entry's `target` when set, else its `source`; the
 * short syntax `- npmrc` is the source itself. compose-go adds no default target for build secrets (its
 * `/run/secrets/<source>` default is for a service's run-time `secrets:`). Paths follow compose-go's
 * `loader/paths.go`: `context` relative to the file that wrote it (a Git or HTTP(S) URL is remote, as
 * docker/compose `build.go` `DetectContextType`), `dockerfile` relative to the context unless absolute.
 */
import { resolve } from "node:path";
import { type ComposeNode, type ComposeObject, propertyValue, scalarText } from "./compose-node.js";

/** One entry of a service's `build.secrets`. */
export interface BuildSecretGrant {
  /** The id the build sees (`RUN --mount=type=secret,id=<id>`): `target`, else `source`. */
  id: string;
  /** The top-level secret it names (`secrets.<source>`). */
  source: string;
  /** The entry (a scalar, or the long syntax's object), for locations. */
  node: ComposeNode;
}

/** A service's `build:` section, read. */
export interface ServiceBuild {
  service: string;
  /** The `build:` node (a scalar context path or an object). */
  node: ComposeNode;
  /** The context folder, absolute; undefined for a remote (Git or HTTP(S)) context. */
  context: string | undefined;
  /** The context as written when it is remote. */
  remoteContext: string | undefined;
  /** `build.dockerfile` made absolute (relative to the context); undefined when not written or remote. */
  dockerfile: string | undefined;
  /** `build.dockerfile_inline` is set: the build reads no file. */
  inline: boolean;
  /** `build.secrets`, in order (entries without a source are left out). */
  secrets: BuildSecretGrant[];
}

/** The minimum of a loaded project these functions read (`ComposeProject` has it). */
export interface BuildProject {
  model: ComposeObject | undefined;
  projectDirectory: string;
  baseDirectories: ReadonlyMap<string, string>;
}

/** A Git or HTTP(S) context, as `enginekit build --remote` takes it. */
const REMOTE_CONTEXT = /^(https?:\/\/|git@|git:\/\/|github\.com\/)/;

/** The entries of a `build.secrets` list with the id each is served under (see the module comment). */
export function buildSecretGrants(secrets: ComposeNode | undefined): BuildSecretGrant[] {
  if (secrets?.kind !== "array") return [];
  const out: BuildSecretGrant[] = [];
  for (const item of secrets.items) {
    const source = item.kind === "object" ? scalarText(propertyValue(item, "source")) : scalarText(item);
    if (source === undefined || source === "") continue;
    const target = item.kind === "object" ? scalarText(propertyValue(item, "target")) : undefined;
    out.push({ id: target !== undefined && target !== "" ? target : source, source, node: item });
  }
  return out;
}

/** The build section of `service` (a service node), or undefined when it has no `build:`. */
export function serviceBuild(
  project: BuildProject,
  name: string,
  service: ComposeNode,
): ServiceBuild | undefined {
  const build = propertyValue(service, "build");
  if (build === undefined || (build.kind !== "scalar" && build.kind !== "object")) return undefined;
  const contextNode = build.kind === "object" ? propertyValue(build, "context") : build;
  const written = scalarText(contextNode) ?? ".";
  const remote = REMOTE_CONTEXT.test(written);
  const base = project.baseDirectories.get((contextNode ?? build).file) ?? project.projectDirectory;
  const context = remote ? undefined : resolve(base, written);
  const dockerfileText = build.kind === "object" ? scalarText(propertyValue(build, "dockerfile")) : undefined;
  const dockerfile =
    dockerfileText === undefined || context === undefined ? undefined : resolve(context, dockerfileText);
  return {
    service: name,
    node: build,
    context,
    remoteContext: remote ? written : undefined,
    dockerfile,
    inline: build.kind === "object" && propertyValue(build, "dockerfile_inline") !== undefined,
    secrets: buildSecretGrants(build.kind === "object" ? propertyValue(build, "secrets") : undefined),
  };
}

/** Every service with a `build:` section, in file order. */
export function serviceBuilds(project: BuildProject): ServiceBuild[] {
  const services = propertyValue(project.model, "services");
  if (services?.kind !== "object") return [];
  return services.properties.flatMap((p) => {
    const build = p.value ? serviceBuild(project, p.key, p.value) : undefined;
    return build ? [build] : [];
  });
}
