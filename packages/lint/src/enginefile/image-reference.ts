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

// The distribution reference grammar (github.com/distribution/reference `regexp.go`, restated):
// name components are lower-case alphanumerics joined by `.`, `_`, `__` or runs of `-`; a domain is
// DNS labels or a bracketed IPv6 address with an optional port; a tag is up to 128 word characters,
// `.` or `-` not starting with `.`/`-`; a digest is `algorithm:hex` with at least 32 hex digits.
const PATH_COMPONENT = "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*";
const DOMAIN_COMPONENT = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
const NAME = `(?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const TAG = "[\\w][\\w.-]{0,127}";
const DIGEST = "[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}";
const REFERENCE = new RegExp(`^(${NAME})(?::${TAG})?(?:@(${DIGEST}))?$`);
/** Hex lengths of the digest algorithms the engine knows (go-digest). */
const DIGEST_HEX_LENGTH: Readonly<Record<string, number>> = { sha256: 64, sha384: 96, sha512: 128 };

/**
 * Why the engine rejects an (already expanded) image reference, in its words, or undefined when it is
 * valid. Follows `reference.ParseNormalizedNamed` (github.com/distribution/reference `normalize.go`,
 * `reference.go`), which BuildKit's `dockerfile2llb` and the classic builder call for FROM images,
 * `COPY --from` and `RUN --mount=from=` images: 64-hex identifiers, upper case in the repository name,
 * the grammar, names over 255 characters, digest algorithm and length.
 */
export function imageReferenceError(reference: string): string | undefined {
  if (reference === "") return "repository name must have at least one component";
  if (/^[a-f0-9]{64}$/.test(reference))
    return `invalid repository name (${reference}), cannot specify 64-byte hexadecimal strings`;
  const slash = reference.indexOf("/");
  const first = slash < 0 ? "" : reference.slice(0, slash);
  const hasDomain =
    slash >= 0 && (/[.:]/.test(first) || first === "localhost" || first.toLowerCase() !== first);
  const remainder = hasDomain ? reference.slice(slash + 1) : reference;
  const colon = remainder.indexOf(":");
  const remoteName = colon < 0 ? remainder : remainder.slice(0, colon);
  if (remoteName.toLowerCase() !== remoteName)
    return `invalid reference format: repository name (${remoteName}) must be lowercase`;
  const full = hasDomain ? reference : `docker.io/${reference}`;
  const m = REFERENCE.exec(full);
  if (!m) return "invalid reference format";
  if ((m[1] ?? "").length > 255) return "repository name must not be more than 255 characters";
  const digest = m[2];
  return digest === undefined ? undefined : digestError(digest);
}

/**
 * Why the engine rejects a digest (`algorithm:hex`), in go-digest's words, or undefined: the format, an
 * algorithm it does not know (sha256, sha384, sha512) or a hex part of the wrong length.
 */
export function digestError(digest: string): string | undefined {
  const sep = digest.indexOf(":");
  if (sep <= 0 || sep === digest.length - 1) return "invalid checksum digest format";
  const expected = DIGEST_HEX_LENGTH[digest.slice(0, sep)];
  if (expected === undefined) return "unsupported digest algorithm";
  const hex = digest.slice(sep + 1);
  if (hex.length !== expected) return "invalid checksum digest length";
  if (!/^[0-9a-f]+$/.test(hex)) return "invalid checksum digest format";
  return undefined;
}
