/**
 * The frontend image a BuildKit build runs instead of the engine's built-in Dockerfile frontend, and the
 * one-line note and failure that go with it. BuildKit's Dockerfile frontend (moby/buildkit
 * `frontend/dockerfile/builder/build.go`) forwards the build to the gateway frontend (`gateway.v0`, with
 * the image as `source`) when the build argument `BUILDKIT_SYNTAX` names an image (`build-arg:
 * BUILDKIT_SYNTAX`, which wins) or the Enginefile's first lines hold a `# syntax=<image>` parser
 * directive; the engine then resolves the image (its own image store first, else its registry: checked on
 * docker.io 20.10, where a `docker/dockerfile:1.4` tagged locally is used and a missing one fails with
 * `failed to solve with frontend gateway.v0: failed to do request: Head "https://registry-1.docker.io/…"`).
 * The engine CLI passes the directive as it is, in the Enginefile; so does enginekit.
 */
import { parse } from "@enginekit/enginefile";

/** Where the build's frontend image comes from. */
export interface SyntaxFrontend {
  /** The image as written (`docker/dockerfile:1.4`). */
  image: string;
  /** The image as the engine resolves it (`docker.io/docker/dockerfile:1.4`). */
  reference: string;
  /**
   * What named it, for messages: `Enginefile:1: # syntax=docker/dockerfile:1.4` or `--build-arg
   * BUILDKIT_SYNTAX=…`.
   */
  origin: string;
}

/** An image reference with Docker Hub's defaults made explicit (distribution/reference's normalisation). */
function normalise(image: string): string {
  const name = image.replace(/^docker-image:\/\//, "");
  const slash = name.indexOf("/");
  const first = slash < 0 ? "" : name.slice(0, slash);
  const hasRegistry = first.includes(".") || first.includes(":") || first === "localhost";
  if (hasRegistry) return name;
  return slash < 0 ? `docker.io/library/${name}` : `docker.io/${name}`;
}

/**
 * The frontend image of a build, or undefined when it builds with the engine's own frontend.
 * `buildArgs`: the build's arguments (`BUILDKIT_SYNTAX` wins over the directive, as in BuildKit);
 * `enginefile`: its name as the user knows it and its text.
 */
export function syntaxFrontend(
  enginefile: { name: string; text: string } | undefined,
  buildArgs: Readonly<Record<string, string | null>> | undefined,
): SyntaxFrontend | undefined {
  const fromArg = buildArgs?.BUILDKIT_SYNTAX;
  if (typeof fromArg === "string" && fromArg !== "")
    return {
      image: fromArg,
      reference: normalise(fromArg),
      origin: `--build-arg BUILDKIT_SYNTAX=${fromArg}`,
    };
  if (!enginefile) return undefined;
  const directive = parse(enginefile.text).directives.find((d) => d.name === "syntax");
  if (!directive || directive.value === "") return undefined;
  return {
    image: directive.value,
    reference: normalise(directive.value),
    origin: `${enginefile.name}:${directive.range.start.line + 1}: # syntax=${directive.value}`,
  };
}

/** Whether `reference` is the official Dockerfile frontend (`docker/dockerfile`, `docker/dockerfile-upstream`). */
function isOfficialFrontend(reference: string): boolean {
  return /^docker\.io\/docker\/dockerfile(-upstream)?(:[^@]*)?(@.*)?$/.test(reference);
}

/** The one line said before the build: which frontend builds it and where the engine gets it. */
export function syntaxNote(frontend: SyntaxFrontend): string {
  const what = isOfficialFrontend(frontend.reference)
    ? "the Dockerfile frontend image"
    : "the frontend image";
  return `${frontend.origin}: the engine builds with ${what} ${frontend.reference}, from its own images or else pulled from its registry, not with its built-in Dockerfile frontend`;
}

const GATEWAY = "failed to solve with frontend gateway.v0: ";

/** The frontend container's network failure (moby's daemon, when the default network `bridge` is missing). */
const NO_BRIDGE = "network bridge not found";

/**
 * One line replacing the engine's message when it could not get or start the frontend image, or undefined
 * when `message` is not such a failure (a failure inside the frontend's own build is not).
 *
 * Starting it: BuildKit runs the frontend image as a container on the engine's default network, whatever
 * the build's `--network` (moby/buildkit `frontend/gateway/gateway.go`: the container's `NetMode` is unset
 * unless the image carries the label `moby.buildkit.frontend.network.none=true`, as docker/dockerfile's
 * images do). An engine started with `--bridge=none` has no default network, and docker.io 20.10 then
 * answers `failed to solve with frontend gateway.v0: network bridge not found` (checked on tools/engine
 * with a local image without the label; the same image with it starts without a network).
 */
export function explainSyntaxFailure(message: string, frontend: SyntaxFrontend): string | undefined {
  const at = message.lastIndexOf(GATEWAY);
  if (at < 0) return undefined;
  const reason = message.slice(at + GATEWAY.length);
  const drop = frontend.origin.startsWith("--build-arg") ? "drop the build argument" : "remove the directive";
  if (reason.startsWith(NO_BRIDGE))
    return `${frontend.origin}: the engine cannot start the frontend image ${frontend.reference} (${reason}): a frontend runs on the engine's default network, whatever --network says, and this engine has none (started with --bridge=none); ${drop} to build with the engine's built-in Dockerfile frontend, build on an engine with a bridge network, or label the image moby.buildkit.frontend.network.none=true`;
  // A failure of the frontend's own build comes as `rpc error: …`; these are the image's resolution.
  const pull =
    !reason.startsWith("rpc error") &&
    /failed to do request|pull access denied|no such host|manifest unknown|failed to resolve source metadata|: not found$/i.test(
      reason,
    );
  if (!pull) return undefined;
  return `${frontend.origin}: the engine could not get the frontend image ${frontend.reference} (${reason}); ${drop} to build with the engine's built-in Dockerfile frontend, or load the image into the engine (docker load)`;
}
