/**
 * `invalid-image-reference`: a FROM image, `COPY --from` image or `RUN --mount=from=` image that is not
 * a valid reference once build arguments are expanded. The engine parses each with
 * `reference.ParseNormalizedNamed` (BuildKit `dockerfile2llb`; the classic builder likewise) and fails
 * the build: "invalid reference format".
 */
import { pulledImages } from "../../enginefile/base-images.js";
import { imageReferenceError } from "../../enginefile/image-reference.js";
import { enginefileRule } from "../../model/rule.js";

/** What to do about an engine error on `ref`. */
function hint(ref: string, error: string): string {
  if (ref === "") return "the value is empty once build arguments are expanded: give the image a name";
  if (/must be lowercase/.test(error)) return `image names are lower-case: ${ref.toLowerCase()}`;
  if (/[:@]$/.test(ref))
    return `nothing follows "${ref.at(-1)}": add the ${ref.endsWith(":") ? "tag" : "digest"} or remove it`;
  if (/digest/.test(error)) return "a digest is sha256: followed by 64 hex digits";
  if (/\s/.test(ref)) return "an image reference has no spaces";
  return "write [registry/]name[:tag][@digest] with a lower-case name";
}

export default enginefileRule(
  {
    id: "invalid-image-reference",
    name: "Invalid image reference",
    description:
      "A FROM, `COPY --from` or `--mount=from=` image the engine cannot parse as an image reference.",
    severity: "error",
    fix: "never",
    docs: `Images are written \`[registry[:port]/]name[:tag][@digest]\`: the name lower-case (components of
letters and digits joined by \`.\`, \`_\`, \`__\` or \`-\`), the tag up to 128 letters, digits, \`_\`, \`.\` and \`-\`,
the digest \`sha256:\` and 64 hex digits. The engine parses every FROM image and every \`COPY --from\` and
\`RUN --mount=from=\` value that is not a stage, after expanding build arguments, and fails the build with
"invalid reference format" when it does not fit (\`FROM alpine:\`, \`FROM Alpine\`, \`COPY --from=^\`).
Values with build arguments that have no value here are not checked; stage names are not images. A FROM
whose build arguments' defaults make it invalid is reported by \`invalid-default-arg-in-from\`.`,
    peers: ["dockerfile-utils INVALID_REFERENCE_FORMAT"],
    examples: [
      { kind: "invalid", code: "FROM alpine:\n" },
      { kind: "invalid", code: "FROM alpine:3.20\nCOPY --from=^ /a /b\n" },
      {
        kind: "valid",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
        code: "ARG TAG=3.20\nFROM alpine:${TAG} AS build\nFROM registry.example.com:5000/team/app@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\nCOPY --from=build /a /b\n",
      },
    ],
  },
  (file) =>
    pulledImages(file).flatMap(({ reference: r, value: ref }) => {
      // a FROM made invalid by its build arguments' defaults is invalid-default-arg-in-from's
      if (r.kind === "base" && r.written.includes("$")) return [];
      const error = imageReferenceError(ref);
      if (error === undefined) return [];
      const what =
        r.kind === "base" ? "base image" : r.kind === "copy-from" ? "--from image" : "mount from= image";
      return [
        {
          range: r.range,
          message: `${JSON.stringify(ref)} is not a valid ${what}: ${error} (${hint(ref, error)}).`,
        },
      ];
    }),
);
