import consecutiveRun from "../../src/rules/best-practice/consecutive-run.js";
import copyThenExtract from "../../src/rules/best-practice/copy-then-extract.js";
import lnBinSh from "../../src/rules/best-practice/ln-bin-sh.js";
import pipefail from "../../src/rules/best-practice/pipefail.js";
import pointlessCommand from "../../src/rules/best-practice/pointless-command.js";
import useraddNoLogInit from "../../src/rules/best-practice/useradd-no-log-init.js";
import wgetProgress from "../../src/rules/best-practice/wget-progress.js";
import yarnCacheClean from "../../src/rules/best-practice/yarn-cache-clean.js";
import zypperDistUpgrade from "../../src/rules/best-practice/zypper-dist-upgrade.js";
import { testRule } from "../../src/testing/rule-tester.js";

testRule(pipefail, {
  valid: [
    { code: 'FROM a:1\nSHELL ["/bin/bash", "-o", "pipefail", "-c"]\nRUN a | b\n' },
    { code: 'FROM a:1\nSHELL ["/bin/ash", "-eo", "pipefail", "-c"]\nRUN a | b\n' },
    { code: 'FROM a:1\nSHELL ["pwsh", "-Command"]\nRUN a | b\n' },
    { code: "FROM a:1\nRUN set -euo pipefail && a | b\nRUN a || b\nRUN echo 'a | b'\n" },
    // a stage built FROM one that set the shell keeps it; a Windows base runs cmd
    { code: 'FROM a:1 AS base\nSHELL ["/bin/bash", "-o", "pipefail", "-c"]\nFROM base\nRUN a | b\n' },
    { code: "FROM mcr.microsoft.com/windows/servercore:ltsc2022\nRUN type a | findstr b\n" },
  ],
  invalid: [
    { code: "FROM a:1\nRUN curl -fsSL x \\\n  | tar -xz\n", errors: ["2:5-2:9"] },
    // a new stage starts with the default shell again
    {
      code: 'FROM a:1\nSHELL ["/bin/bash", "-o", "pipefail", "-c"]\nFROM b:1\nRUN a | b\n',
      errors: ["4:5-4:6"],
    },
    { code: 'FROM a:1\nSHELL ["/bin/bash", "-c"]\nRUN x && a | b\n', errors: ["3:10-3:11"] },
  ],
});

testRule(consecutiveRun, {
  valid: [
    { code: "FROM a:1\nRUN a && b && c\nRUN d\n" },
    { code: "FROM a:1\nRUN a\nWORKDIR /x\nRUN b\n" },
    { code: "FROM a:1\nRUN a\nRUN --mount=type=cache,target=/c b\n" },
    // a RUN that chains commands was split on purpose, before or after it
    { code: "FROM a:1\nRUN make deps\nRUN ./configure; make\nRUN make install\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN a\n# a comment\nRUN b\nRUN c || d\nRUN e\nRUN f\n",
      errors: [
        { range: "4:1-4:4", message: "line 2" },
        { range: "7:1-7:4", message: "line 6" },
      ],
    },
  ],
});

testRule(wgetProgress, {
  valid: [
    {
      code: "FROM a:1\nRUN wget -q x && wget -nv y && wget --progress=bar z && wget -O- -o log w && wget -qO- v\n",
    },
  ],
  invalid: [{ code: "FROM a:1\nRUN wget -O /tmp/x https://x\n", errors: ["2:5-2:9"] }],
});

testRule(useraddNoLogInit, {
  valid: [
    {
      code: "FROM a:1\nRUN useradd -l -u 1000000 a && useradd -u 10000 b && useradd --no-log-init --uid=1000000 c\n",
    },
  ],
  invalid: [
    { code: "FROM a:1\nRUN useradd -u 1000000 a\n", errors: ["2:16-2:23"] },
    { code: "FROM a:1\nRUN useradd --uid=1000000 a\n", errors: ["2:13-2:26"] },
  ],
});

testRule(yarnCacheClean, {
  valid: [
    { code: "FROM a:1\nRUN yarn install && yarn cache clean\n" },
    { code: "FROM a:1\nRUN --mount=type=cache,target=/usr/local/share/.cache/yarn yarn install\n" },
    {
      code: "FROM node:22 AS web\nRUN yarn install && yarn build\nFROM nginx:1.27\nCOPY --from=web /app/dist /srv\n",
    },
  ],
  invalid: [
    { code: "FROM a:1\nRUN yarn install --frozen-lockfile\n", errors: ["2:10-2:17"] },
    { code: "FROM node:22 AS deps\nRUN yarn install\nFROM deps\nCOPY . .\n", errors: ["2:10-2:17"] },
    // the clean must follow the install (hadolint DL3060 after 2.15)
    { code: "FROM a:1\nRUN yarn cache clean && yarn install\n", errors: ["2:30-2:37"] },
  ],
});

testRule(zypperDistUpgrade, {
  valid: [{ code: "FROM a:1\nRUN zypper update -y\n" }],
  invalid: [
    { code: "FROM a:1\nRUN zypper -n dup && zypper dist-upgrade\n", errors: ["2:15-2:18", "2:29-2:41"] },
  ],
});

testRule(pointlessCommand, {
  valid: [{ code: "FROM a:1\nRUN apt-get install -y vim openssh-client && echo ps\n" }],
  invalid: [
    { code: "FROM a:1\nRUN service nginx start; sudo mount /x\n", errors: ["2:5-2:12", "2:31-2:36"] },
  ],
});

testRule(lnBinSh, {
  valid: [
    { code: "FROM a:1\nRUN ln -s /bin/bash /usr/local/bin/sh && ln /bin/bash /bin/sh2\n" },
    // exec form: an image without a shell gets one
    { code: 'FROM gcr.io/distroless/base:debug\nRUN ["/busybox/ln", "-s", "/busybox/sh", "/bin/sh"]\n' },
  ],
  invalid: [{ code: "FROM a:1\nRUN ln -sf /bin/bash /bin/sh\n", errors: ["2:22-2:29"] }],
});

testRule(copyThenExtract, {
  valid: [
    { code: "FROM a:1\nADD app.tar.gz /opt/\nRUN tar -xzf /other.tar.gz\n" },
    { code: "FROM a:1\nCOPY app.tar.gz /tmp/\nFROM b:1\nRUN tar -xzf /tmp/app.tar.gz\n" },
    { code: "FROM a:1\nCOPY app.tar.gz /tmp/\nRUN tar -czf /tmp/app.tar.gz /x\n" },
  ],
  invalid: [
    { code: "FROM a:1\nCOPY src/app.tar.gz /tmp/\nRUN tar xzf /tmp/app.tar.gz\n", errors: ["2:6-2:20"] },
    { code: "FROM a:1\nCOPY x /tmp/app.zip\nRUN cd /tmp && unzip app.zip\n", errors: ["2:6-2:7"] },
  ],
});
