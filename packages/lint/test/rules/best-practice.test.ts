// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Enginefile snippets use ${VAR} syntax
import addInsteadOfCopy from "../../src/rules/best-practice/add-instead-of-copy.js";
import apkNoCache from "../../src/rules/best-practice/apk-no-cache.js";
import aptListsCleanup from "../../src/rules/best-practice/apt-lists-cleanup.js";
import aptNoInstallRecommends from "../../src/rules/best-practice/apt-no-install-recommends.js";
import cdInRun from "../../src/rules/best-practice/cd-in-run.js";
import copyDestinationSlash from "../../src/rules/best-practice/copy-destination-slash.js";
import curlAndWget from "../../src/rules/best-practice/curl-and-wget.js";
import definitionDescription from "../../src/rules/best-practice/definition-description.js";
import execFormCommand from "../../src/rules/best-practice/exec-form-command.js";
import finalUserRoot from "../../src/rules/best-practice/final-user-root.js";
import latestBaseImage from "../../src/rules/best-practice/latest-base-image.js";
import legacyKeyValue from "../../src/rules/best-practice/legacy-key-value.js";
import maintainerDeprecated from "../../src/rules/best-practice/maintainer-deprecated.js";
import multipleInstructions from "../../src/rules/best-practice/multiple-instructions.js";
import noSudo from "../../src/rules/best-practice/no-sudo.js";
import packageManagerConfirm from "../../src/rules/best-practice/package-manager-confirm.js";
import pipNoCacheDir from "../../src/rules/best-practice/pip-no-cache-dir.js";
import relativeWorkdir from "../../src/rules/best-practice/relative-workdir.js";
import rpmCacheCleanup from "../../src/rules/best-practice/rpm-cache-cleanup.js";
import trustedRegistry from "../../src/rules/best-practice/trusted-registry.js";
import untaggedBaseImage from "../../src/rules/best-practice/untagged-base-image.js";
import useAptGet from "../../src/rules/best-practice/use-apt-get.js";
import { testRule } from "../../src/testing/rule-tester.js";

testRule(untaggedBaseImage, {
  valid: [
    {
      code: "FROM scratch\nFROM a@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\nFROM $UNSET\n",
    },
    { code: "ARG IMG=registry.example.com:5000/team/app:1.2\nFROM ${IMG}\n" },
  ],
  invalid: [
    {
      code: "ARG IMG=localhost:5000/app\nFROM ${IMG} AS x\nFROM x\n",
      errors: [{ range: "2:6-2:12", message: "localhost:5000/app" }],
    },
  ],
});

testRule(latestBaseImage, {
  valid: [
    { code: "FROM a:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n" },
  ],
  invalid: [{ code: "FROM ghcr.io/o/a:latest\n", errors: ["1:6-1:24"] }],
});

testRule(trustedRegistry, {
  valid: [
    {
      code: "FROM gcr.io/p/a:1\nFROM alpine:3\n",
      settings: { enginefile: { trustedRegistries: ["*.io", "docker.io"] } },
    },
    {
      code: "FROM alpine:3 AS b\nCOPY --from=b /a /b\nCOPY --from=0 /a /b\nRUN --mount=from=b,target=/x true\n",
      settings: { enginefile: { trustedRegistries: ["docker.io"] } },
    },
  ],
  invalid: [
    {
      code: "FROM quay.io/a:1\nFROM alpine:3\n",
      settings: { enginefile: { trustedRegistries: ["gcr.io"] } },
      errors: [
        { range: "1:6-1:17", message: "quay.io" },
        { range: "2:6-2:14", message: "docker.io" },
      ],
    },
    {
      code: "FROM gcr.io/a:1\nCOPY --from=quay.io/x/y:1 /a /b\nRUN --mount=from=ghcr.io/a/b:1,target=/x true\n",
      settings: { enginefile: { trustedRegistries: ["gcr.io"] } },
      errors: [
        { range: "2:13-2:26", message: '"quay.io"' },
        { range: "3:13-3:31", message: '"ghcr.io"' },
      ],
    },
  ],
});

testRule(finalUserRoot, {
  valid: [{ code: "FROM a:1\nUSER root\nRUN x\nUSER app\n" }, { code: "FROM a:1\nUSER $U\n" }],
  invalid: [
    { code: "FROM a:1 AS b\nFROM a:1\nUSER 0:0\n", errors: ["3:6-3:9"] },
    {
      code: "FROM a:1 AS base\nUSER root\nFROM base AS mid\nRUN x\nFROM mid\n",
      errors: [{ range: "5:6-5:9", message: 'built from stage "mid", whose last USER (line 2) is root' }],
    },
  ],
});

testRule(addInsteadOfCopy, {
  valid: [
    {
      code: "FROM a:1\nADD --checksum=sha256:00 f /x\nADD https://x/y.txt /y\nADD git@github.com:o/r.git /r\nADD a.tar.xz /\nADD $X /y\n",
    },
  ],
  invalid: [
    {
      code: "FROM a:1\nadd --chown=1 a b /c/\n",
      errors: ["2:1-2:4"],
      output: "FROM a:1\ncopy --chown=1 a b /c/\n",
    },
  ],
});

testRule(cdInRun, {
  valid: [{ code: "FROM a:1\nRUN make && cd docs && make\n" }],
  invalid: [{ code: "FROM a:1\nRUN cd /x \\\n && make\n", errors: ["2:5-2:7"] }],
});

testRule(relativeWorkdir, {
  valid: [
    { code: "FROM a:1 AS b\nWORKDIR /x\nFROM b\nWORKDIR y\n" },
    { code: "FROM a:1\nWORKDIR $D\n" },
    // the engine cannot read this word (unterminated-quote reports it); no guess at its value
    { code: 'FROM a:1\nWORKDIR "C:\\"\n' },
  ],
  invalid: [
    { code: "ARG D=srv\nFROM a:1\nARG D\nWORKDIR $D\n", errors: [{ range: "4:9-4:11", message: '"srv"' }] },
  ],
});

testRule(noSudo, {
  valid: [{ code: "FROM a:1\nRUN echo sudo\n" }],
  invalid: [{ code: "FROM a:1\nRUN x && sudo -E make install\n", errors: ["2:10-2:14"] }],
});

testRule(packageManagerConfirm, {
  valid: [
    {
      code: "FROM a:1\nRUN apt-get -qq install x && yum install -y y && zypper -n in z && apt-get install $PKGS\n",
    },
    // quiet level 2 implies -y, however it is spelled
    { code: "FROM a:1\nRUN apt-get install -q -q x && apt-get -qqy install y && apt-get install -q=2 z\n" },
    {
      code: "FROM a:1\nRUN apt-get install --quiet --quiet x && apt-get -q --quiet install y && apt-get --quiet=2 install z\n",
    },
  ],
  invalid: [
    // one --quiet is level 1: still asks
    { code: "FROM a:1\nRUN apt-get --quiet install x\n", errors: ["2:21-2:28"] },
    {
      code: "FROM a:1\nRUN apt-get update \\\n && DEBIAN_FRONTEND=noninteractive apt-get install curl\n",
      errors: ["3:44-3:51"],
      output: "FROM a:1\nRUN apt-get update \\\n && DEBIAN_FRONTEND=noninteractive apt-get install -y curl\n",
    },
    { code: "FROM a:1\nRUN dnf install git; microdnf install z\n", errors: ["2:9-2:16", "2:31-2:38"] },
  ],
});

testRule(aptNoInstallRecommends, {
  valid: [
    { code: "FROM a:1\nRUN apt-get install -y -o APT::Install-Recommends=false x\n" },
    { code: "FROM a:1\nRUN if apt-get install -s x > /dev/null; then echo yes; fi\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN apt-get install -y x\n",
      errors: ["2:13-2:20"],
      output: "FROM a:1\nRUN apt-get install --no-install-recommends -y x\n",
    },
  ],
});

testRule(aptListsCleanup, {
  valid: [
    { code: "FROM a:1\nRUN --mount=type=cache,target=/var/lib/apt apt-get update && apt-get install -y x\n" },
    {
      code: "FROM a:1\nRUN apt-get update && apt-get purge -y x && rm -rf /var/lib/apt/lists/*\nRUN apt-get purge -y y\n",
    },
    // a build stage the final image is not built from: its lists stay in the builder
    {
      code: "FROM debian:12 AS tools\nRUN apt-get update && apt-get install -y gcc\nFROM alpine:3.20\nCOPY --from=tools /usr/bin/gcc /x\n",
    },
  ],
  invalid: [
    { code: "FROM a:1\nRUN apt-get install -y x && rm -rf /tmp/*\n", errors: ["2:13-2:20"] },
    // `update` alone fills the lists: with a purge, or with apt, or aptitude (hadolint DL3009)
    {
      code: "FROM a:1\nRUN apt-get update && apt-get purge -y x\nRUN apt update\nRUN aptitude update && aptitude install -y x\n",
      errors: [
        { range: "2:13-2:19", message: "after apt-get update" },
        { range: "3:9-3:15", message: "after apt update" },
        { range: "4:33-4:40", message: "after aptitude install" },
      ],
    },
    // the final image is built from the stage; an ONBUILD trigger runs in the image built on this one
    {
      code: "FROM debian:12 AS base\nRUN apt-get update && apt-get install -y curl\nFROM base\nONBUILD RUN apt-get install -y git\n",
      errors: ["2:31-2:38", "4:21-4:28"],
    },
  ],
});

testRule(apkNoCache, {
  valid: [
    { code: "FROM a:1\nRUN apk add x && rm -rf /var/cache/apk/*\nRUN apk add --no-cache y\n" },
    { code: "FROM a:1\nRUN --mount=type=cache,target=/etc/apk/cache apk add x\n" },
    { code: "FROM a:1\nRUN --mount=type=tmpfs,target=/var/cache/apk apk add x\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN apk add --virtual .b x\n",
      errors: ["2:9-2:12"],
      output: "FROM a:1\nRUN apk add --no-cache --virtual .b x\n",
    },
  ],
});

testRule(rpmCacheCleanup, {
  valid: [
    {
      code: "FROM a:1\nRUN yum install -y x && yum clean all\nRUN zypper in -y z && rm -rf /var/cache/zypp\n",
    },
    // upgrades and reinstalls with a clean after them; dnf's other commands download nothing to keep
    { code: "FROM a:1\nRUN dnf upgrade -y && dnf reinstall -y x && dnf clean all\nRUN dnf list installed\n" },
  ],
  invalid: [
    { code: "FROM a:1\nRUN yum install -y x\n", errors: ["2:9-2:16"] },
    // dnf's upgrades and reinstalls fill the cache too (hadolint DL3040 after 2.15)
    {
      code: "FROM a:1\nRUN dnf upgrade -y\nRUN dnf up -y\nRUN microdnf upgrade-minimal -y\nRUN dnf reinstall -y x\nRUN dnf5 rei -y x\n",
      errors: [
        { range: "2:9-2:16", message: 'Run "dnf clean all" in the same RUN after dnf upgrade.' },
        "3:9-3:11",
        { range: "4:14-4:29", message: "microdnf clean all" },
        "5:9-5:18",
        "6:10-6:13",
      ],
    },
    // the cleanup must follow the install
    {
      code: "FROM a:1\nRUN yum clean all && yum install -y x\nRUN dnf clean all; dnf install -y y\n",
      errors: ["2:26-2:33", "3:24-3:31"],
    },
    {
      code: "FROM a:1\nRUN zypper install -y z\n",
      errors: [
        { range: "2:12-2:19", message: 'Run "zypper clean --all" in the same RUN after zypper install.' },
      ],
    },
  ],
});

testRule(rpmCacheCleanup, {
  valid: [
    { code: "FROM a:1\nRUN dnf5 install -y x && rm -rf /var/cache/libdnf5\n" },
    { code: "FROM a:1\nRUN --mount=type=cache,target=/var/cache/libdnf5 dnf install -y x\n" },
    { code: "FROM a:1\nRUN --mount=type=tmpfs,target=/var/cache/zypp zypper in -y x\n" },
    { code: "FROM a:1\nRUN zypper in -y x && zypper clean --all\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN dnf install -y x && rm -rf /var/cache/libdnf5 && dnf install z\n",
      errors: ["2:58-2:65"],
    },
  ],
});

testRule(pipNoCacheDir, {
  valid: [
    { code: "FROM a:1\nENV PIP_NO_CACHE_DIR=1\nRUN pip install x\n" },
    { code: "FROM a:1\nRUN --mount=type=cache,target=/root/.cache/pip pip install x\n" },
    { code: "FROM a:1\nRUN --mount=type=tmpfs,target=/root/.cache pip3.12 install x\n" },
    // set for the one command, exported earlier in the RUN; pip turns the cache off for `false` too
    {
      code: "FROM a:1\nRUN PIP_NO_CACHE_DIR=yes pip install x && env PIP_NO_CACHE_DIR=false pip3 install y\n",
    },
    { code: "FROM a:1\nRUN export PIP_NO_CACHE_DIR=on; python3 -m pip install z\n" },
    { code: "FROM a:1\nRUN python3 -m venv /v && python -m http.server install\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN python3.12 -m pip install --upgrade wheel\n",
      errors: ["2:23-2:30"],
      output: "FROM a:1\nRUN python3.12 -m pip install --no-cache-dir --upgrade wheel\n",
    },
    // an export after the install does not count
    { code: "FROM a:1\nRUN pip install x && export PIP_NO_CACHE_DIR=1\n", errors: ["2:9-2:16"] },
    {
      code: "FROM a:1\nRUN python -m venv v && pip3 install -r r.txt\n",
      errors: ["2:30-2:37"],
      output: "FROM a:1\nRUN python -m venv v && pip3 install --no-cache-dir -r r.txt\n",
    },
    { code: "FROM a:1\nRUN pip2 install x; pip3.12 install y\n", errors: ["2:10-2:17", "2:29-2:36"] },
  ],
});

testRule(useAptGet, {
  valid: [{ code: "FROM a:1\nRUN apt-get update; apt-cache policy\n" }],
  invalid: [
    {
      code: "FROM a:1\nRUN apt install -y x\n",
      errors: ["2:5-2:8"],
      output: "FROM a:1\nRUN apt-get install -y x\n",
    },
  ],
});

testRule(curlAndWget, {
  valid: [{ code: "FROM a:1 AS x\nRUN curl u\nFROM a:1\nRUN wget u\n" }],
  invalid: [{ code: "FROM a:1\nRUN wget u && curl v && wget w\n", errors: ["2:15-2:19"] }],
});

testRule(execFormCommand, {
  valid: [
    { code: 'FROM a:1\nCMD ["a"]\nENTRYPOINT ["b"]\n' },
    // a stage that sets SHELL (or is built from one) uses the shell form on purpose (BuildKit)
    {
      code: 'FROM a:1 AS base\nSHELL ["/usr/bin/customshell"]\nCMD mycommand\nFROM base\nENTRYPOINT mycommand\n',
    },
  ],
  invalid: [
    {
      code: "FROM a:1\nCMD node server.js --port 80\n",
      errors: ["2:5-2:29"],
      output: 'FROM a:1\nCMD ["node", "server.js", "--port", "80"]\n',
    },
    { code: "FROM a:1\nENTRYPOINT exec app $FLAGS\n", errors: ["2:12-2:27"], output: null },
    // HEALTHCHECK CMD in shell form (hadolint 2.15 DL3025); the exec form and NONE are fine
    {
      code: 'FROM a:1\nHEALTHCHECK --interval=5s CMD curl -f http://localhost/\nHEALTHCHECK CMD ["curl", "-f", "x"]\nHEALTHCHECK NONE\n',
      errors: [{ range: "2:31-2:56", message: "HEALTHCHECK CMD" }],
      output:
        'FROM a:1\nHEALTHCHECK --interval=5s CMD ["curl", "-f", "http://localhost/"]\nHEALTHCHECK CMD ["curl", "-f", "x"]\nHEALTHCHECK NONE\n',
    },
  ],
});

testRule(multipleInstructions, {
  valid: [{ code: "FROM a:1\nHEALTHCHECK NONE\nCMD x\nENTRYPOINT y\n" }],
  invalid: [
    {
      code: "FROM a:1\nENTRYPOINT a\nHEALTHCHECK NONE\nENTRYPOINT b\nHEALTHCHECK CMD x\n",
      errors: ["2:1-2:11", "3:1-3:12"],
    },
  ],
});

testRule(maintainerDeprecated, {
  valid: [{ code: "FROM a:1\nLABEL maintainer=x\n" }],
  invalid: [
    {
      code: "FROM a:1\nmaintainer me <me@x>\n",
      errors: ["2:1-2:11"],
      output: 'FROM a:1\nlabel org.opencontainers.image.authors="me <me@x>"\n',
    },
  ],
});

testRule(legacyKeyValue, {
  valid: [{ code: "FROM a:1\nENV A=1 B=2\n" }],
  invalid: [
    {
      code: "FROM a:1\nENV PATH /x:$PATH\nLABEL k a b\n",
      errors: ["2:5-2:9", "3:7-3:8"],
      output: 'FROM a:1\nENV PATH=/x:$PATH\nLABEL k="a b"\n',
    },
    { code: 'FROM a:1\nENV A "q"\n', errors: ["2:5-2:6"], output: null },
  ],
});

testRule(copyDestinationSlash, {
  valid: [{ code: "FROM a:1\nCOPY a b /c/\nCOPY a /c\nCOPY a b $UNSET\n" }],
  invalid: [
    {
      code: 'FROM a:1\nCOPY ["a", "b", "/c"]\n',
      errors: ["2:17-2:21"],
      output: 'FROM a:1\nCOPY ["a", "b", "/c/"]\n',
    },
    { code: "FROM a:1\nADD x y .\n", errors: ["2:9-2:10"], output: "FROM a:1\nADD x y ./\n" },
  ],
});

testRule(definitionDescription, {
  valid: [
    // not asked for: an experimental BuildKit check
    { code: "# pinned for the CI cache\nARG GO_VERSION=1.23\nFROM golang:${GO_VERSION} AS build\n" },
    {
      code: "# check=experimental=InvalidDefinitionDescription\n# GO_VERSION the toolchain\nARG GO_VERSION=1.23\n# build compiles the server\nFROM golang:${GO_VERSION} AS build\n# a note, kept apart\n\nARG CGO=0\n# another note\n#\nARG TAGS\n# ldflags one of several\nARG mode=fast ldflags=-s\n# copies the sources\nCOPY . /src\n",
    },
  ],
  invalid: [
    {
      code: "# check=experimental=all\n# the toolchain\nARG GO_VERSION=1.23\n# Build compiles the server\nFROM golang:${GO_VERSION} AS Build\n",
      errors: [
        // at the ARG/FROM line, as BuildKit reports it: the name the comment must start with
        { range: "3:5-3:15", message: '"# GO_VERSION <description>"' },
        { range: "5:30-5:35", message: '"# build <description>"' },
      ],
    },
    // skip=all leaves experimental checks that were asked for
    {
      code: "# check=skip=all;experimental=InvalidDefinitionDescription\n# two of them\nARG A=1 B=2\n",
      errors: [{ range: "3:5-3:6", message: '"# <name> <description>"' }],
    },
  ],
});
