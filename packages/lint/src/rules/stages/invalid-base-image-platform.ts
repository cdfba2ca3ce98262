/**
 * `invalid-base-image-platform`: BuildKit's InvalidBaseImagePlatform check (`validateBaseImagePlatform`
 * in `frontend/dockerfile/dockerfile2llb/convert.go`): a base image whose platform (OS or architecture)
 * is not the one the stage builds for. Needs the image's platform, which only an engine knows: the check
 * runs with `enginekit lint --online` and in the language server when it reaches an engine
 * (enginefile/image-platforms.ts reads `GET /images/{name}/json`); it is silent offline.
 */
import { baseImages } from "../../enginefile/base-images.js";
import { formatPlatform, type ImagePlatform, parsePlatform } from "../../enginefile/image-platforms.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** `$BUILDPLATFORM`, `${TARGETPLATFORM}`: with no `--platform` for the build both are the engine's platform. */
const AUTOMATIC_PLATFORM = /^\$(\{(BUILDPLATFORM|TARGETPLATFORM)\}|BUILDPLATFORM|TARGETPLATFORM)$/;

export default enginefileRule(
  {
    id: "invalid-base-image-platform",
    name: "Base image of another platform",
    description: "A base image's platform (OS or architecture) is not the platform the stage builds for.",
    severity: "warning",
    fix: "never",
    online: true,
    docs: `A stage builds for the platform its \`FROM --platform\` names, or else for the engine's own platform
(without \`--platform\` on the build). When the base image the engine has is for another OS or architecture,
every \`RUN\` runs under emulation or fails with "exec format error", and the image is not what the stage
says. Pull the image for the right platform (\`--platform\` on the pull or in \`FROM\`), or name the platform
the stage really builds for.

Online check: it needs the image's platform, read from the engine (\`GET /images/{name}/json\`), so it runs
with \`enginekit lint --online\` and in the language server when an engine answers. Images the engine does
not have are not checked (they are never pulled), nor are FROMs whose platform or image uses a variable
without a value.`,
    peers: ["BuildKit InvalidBaseImagePlatform"],
    examples: [{ kind: "valid", code: "FROM --platform=$BUILDPLATFORM golang:1.23 AS build\n" }],
  },
  (file) => {
    const out: Report[] = [];
    const known = file.options.imagePlatforms;
    if (!known || known.size === 0) return out;
    const target = file.options.targetPlatform;
    for (const base of baseImages(file)) {
      const actual = known.get(base.reference);
      if (!actual) continue;
      const expected = expectedPlatform(base.from.platform?.value, target, (v) => file.resolve(base.from, v));
      if (!expected || (expected.os === actual.os && expected.architecture === actual.architecture)) continue;
      out.push({
        range: base.range,
        message: `Base image ${base.reference} was pulled with platform "${formatPlatform(actual)}", expected "${formatPlatform(expected)}" for current build.`,
      });
    }
    return out;
  },
);

/** The platform a FROM builds for: its `--platform` (resolved), else the target platform. */
function expectedPlatform(
  flag: string | undefined,
  target: ImagePlatform | undefined,
  resolve: (value: string) => string | undefined,
): ImagePlatform | undefined {
  if (flag === undefined) return target;
  if (AUTOMATIC_PLATFORM.test(flag.trim())) return target;
  const value = resolve(flag);
  return value === undefined ? undefined : parsePlatform(value);
}
