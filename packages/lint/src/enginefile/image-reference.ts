/**
 * An image reference split the way the engine reads it (`[registry/]repository[:tag][@digest]`;
 * the first component is a registry when it contains `.` or `:` or is `localhost`).
 */
export interface ImageReference {
  /** The registry host, or undefined for Docker Hub. */
  registry: string | undefined;
  repository: string;
  tag: string | undefined;
  digest: string | undefined;
}

/** Splits an (already expanded) image reference. Never throws. */
export function parseImageReference(reference: string): ImageReference {
  let rest = reference;
  let digest: string | undefined;
  const at = rest.indexOf("@");
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  let registry: string | undefined;
  const slash = rest.indexOf("/");
  if (slash >= 0) {
    const first = rest.slice(0, slash);
    if (first.includes(".") || first.includes(":") || first === "localhost") {
      registry = first;
      rest = rest.slice(slash + 1);
    }
  }
  let tag: string | undefined;
  const colon = rest.lastIndexOf(":");
  if (colon >= 0 && !rest.slice(colon).includes("/")) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  return { registry, repository: rest, tag, digest };
}
