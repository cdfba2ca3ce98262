// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Enginefile snippets use ${VAR} syntax
import copyRelativeDestination from "../../src/rules/best-practice/copy-relative-destination.js";
import healthcheckMissing from "../../src/rules/best-practice/healthcheck-missing.js";
import userNumeric from "../../src/rules/best-practice/user-numeric.js";
import copyWholeFilesystem from "../../src/rules/stages/copy-whole-filesystem.js";
import invalidBaseImagePlatform from "../../src/rules/stages/invalid-base-image-platform.js";
import { testRule } from "../../src/testing/rule-tester.js";

testRule(copyRelativeDestination, {
  valid: [
    { code: "FROM a:1\nCOPY x /app/\nCOPY y $HOME/\nADD z C:\\\\app\\\\\nCOPY w c:\\tools\\w.exe\n" },
    { code: "FROM a:1 AS base\nWORKDIR /app\nFROM base\nCOPY x .\n" },
    // quotes are removed before the path is judged; a variable of unknown value is not judged
    {
      code: 'FROM a:1\nCOPY conf.yaml "/etc/app/"\nCOPY run.ps1 "d:\\tools\\run.ps1"\nCOPY x "${OUT_DIR}"\n',
    },
  ],
  invalid: [
    { code: "FROM a:1\nCOPY x app/\nWORKDIR /w\nCOPY y .\n", errors: ["2:8-2:12"] },
    {
      code: 'FROM a:1\nENV DEST=srv\nCOPY x "$DEST"\nCOPY y "out/"\n',
      errors: [
        { range: "3:8-3:15", message: '"srv" is relative' },
        { range: "4:8-4:14", message: '"out/" is relative' },
      ],
    },
    // a new stage from an image starts without the previous stage's WORKDIR
    { code: "FROM a:1\nWORKDIR /w\nFROM b:1\nADD y .\n", errors: ["4:7-4:8"] },
  ],
});

testRule(healthcheckMissing, {
  valid: [
    { code: "FROM a:1 AS base\nHEALTHCHECK NONE\nFROM base\n" },
    { code: "FROM a:1\nHEALTHCHECK CMD true\n" },
  ],
  invalid: [{ code: "FROM a:1\nHEALTHCHECK CMD true\nFROM b:1\n", errors: ["3:1-3:5"] }],
});

testRule(userNumeric, {
  valid: [
    { code: "FROM a:1\nUSER app\nUSER 1000\n" },
    { code: "FROM a:1 AS b\nUSER 1:1\nFROM b\nRUN x\n" },
    { code: "FROM a:1\nUSER $UID\n" },
  ],
  invalid: [{ code: "FROM a:1 AS b\nUSER app\nFROM b\nRUN x\n", errors: ["2:6-2:9"] }],
});

testRule(copyWholeFilesystem, {
  valid: [
    { code: "FROM a:1 AS b\nFROM c:1\nCOPY --from=b /out /\nCOPY / /x\n" },
    // a stage assembled from scratch (and one built on it) holds only what was copied in
    {
      code: "FROM a:1 AS build\nFROM scratch AS dist\nCOPY --from=build /out/app /bin/app\nFROM dist AS signed\nFROM c:1\nCOPY --from=signed / /\nCOPY --from=1 / /opt/dist\n",
    },
    // the alias of a scratch stage chosen by a build argument
    {
      code: "ARG TARGET=release\nFROM scratch AS release\nCOPY a /a\nFROM alpine:3 AS debug\nFROM ${TARGET} AS final\nFROM c:1\nCOPY --from=final / /\n",
    },
  ],
  invalid: [
    { code: "FROM a:1 AS b\nFROM c:1\nCOPY --from=b / /\n", errors: ["3:15-3:16"] },
    // quoted, and from an image rather than a stage
    { code: 'FROM c:1\nCOPY --from=toolbox:2 "/" /srv/\n', errors: ["2:23-2:26"] },
  ],
});

/** What the engine answered (GET /images/{name}/json, GET /version), as the online lint passes it. */
const platforms = {
  imagePlatforms: new Map([
    ["arm-only:1", { os: "linux", architecture: "arm64" }],
    ["amd:1", { os: "linux", architecture: "amd64" }],
    ["win:1", { os: "windows", architecture: "amd64" }],
    ["arm7:1", { os: "linux", architecture: "arm", variant: "v7" }],
  ]),
  targetPlatform: { os: "linux", architecture: "amd64" },
};

testRule(invalidBaseImagePlatform, {
  valid: [
    // offline: no platforms, no check
    { code: "FROM arm-only:1\n" },
    {
      code: "FROM amd:1\nFROM --platform=linux/arm64 arm-only:1\nFROM --platform=$BUILDPLATFORM amd:1\nFROM not-local:1\nFROM --platform=linux/arm/v6 arm7:1\nFROM scratch\n",
      settings: { enginefile: platforms },
    },
    // a platform with a variable that has no value here is not judged
    { code: "FROM --platform=$UNSET arm-only:1\n", settings: { enginefile: platforms } },
  ],
  invalid: [
    {
      code: "ARG IMG=arm-only:1\nFROM ${IMG} AS build\nFROM --platform=linux/arm64 amd:1\nFROM --platform=${TARGETPLATFORM} win:1\n",
      settings: { enginefile: platforms },
      errors: [
        {
          range: "2:6-2:12",
          message:
            'Base image arm-only:1 was pulled with platform "linux/arm64", expected "linux/amd64" for current build.',
        },
        { range: "3:29-3:34", message: 'expected "linux/arm64"' },
        { range: "4:35-4:40", message: 'platform "windows/amd64"' },
      ],
    },
  ],
});
