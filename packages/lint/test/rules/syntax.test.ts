import exposeFormat from "../../src/rules/syntax/expose-format.js";
import exposeHostPort from "../../src/rules/syntax/expose-host-port.js";
import exposeProtoCasing from "../../src/rules/syntax/expose-proto-casing.js";
import fromAsCasing from "../../src/rules/syntax/from-as-casing.js";
import healthcheckOptions from "../../src/rules/syntax/healthcheck-options.js";
import instructionArguments from "../../src/rules/syntax/instruction-arguments.js";
import instructionCasing from "../../src/rules/syntax/instruction-casing.js";
import invalidFlagValue from "../../src/rules/syntax/invalid-flag-value.js";
import invalidMount from "../../src/rules/syntax/invalid-mount.js";
import jsonFormMalformed from "../../src/rules/syntax/json-form-malformed.js";
import missingFrom from "../../src/rules/syntax/missing-from.js";
import noEmptyContinuation from "../../src/rules/syntax/no-empty-continuation.js";
import onbuildTrigger from "../../src/rules/syntax/onbuild-trigger.js";
import parseError from "../../src/rules/syntax/parse-error.js";
import stopsignalInvalid from "../../src/rules/syntax/stopsignal-invalid.js";
import unknownFlag from "../../src/rules/syntax/unknown-flag.js";
import unknownInstruction from "../../src/rules/syntax/unknown-instruction.js";
import unterminatedQuote from "../../src/rules/syntax/unterminated-quote.js";
import { testRule } from "../../src/testing/rule-tester.js";

testRule(healthcheckOptions, {
  valid: [
    { code: "FROM a:1\nHEALTHCHECK --interval=0 --timeout=1ms --start-period=1h2m3s --retries=0 CMD true\n" },
    { code: "FROM a:1\nHEALTHCHECK NONE\n" },
    { code: "FROM a:1\nHEALTHCHECK --interval=$I CMD true\n" },
    // empty values are the defaults (the engine accepts them)
    { code: "FROM a:1\nHEALTHCHECK --retries= --interval= --timeout= CMD true\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nHEALTHCHECK --interval=999us CMD true\n",
      errors: [
        {
          range: "2:24-2:29",
          message: "--interval=999us is less than 1ms: use 0 (the default) or at least 1ms.",
        },
      ],
    },
    { code: "FROM a:1\nHEALTHCHECK --timeout=-1s CMD true\n", errors: ["2:23-2:26"] },
    {
      code: "FROM a:1\nHEALTHCHECK --retries=x CMD true\n",
      errors: [{ range: "2:23-2:24", message: "whole number" }],
    },
    {
      code: "FROM a:1\nHEALTHCHECK --retries=2147483648 CMD true\n",
      errors: [{ range: "2:23-2:33", message: "out of range" }],
    },
    {
      code: "FROM a:1\nHEALTHCHECK --start-interval=5 CMD true\n",
      errors: [{ range: "2:30-2:31", message: "Add a unit, e.g. 5s" }],
    },
    {
      code: "FROM a:1\nHEALTHCHECK CHECK true\n",
      errors: [{ range: "2:13-2:18", message: "use CMD or NONE" }],
    },
  ],
});

testRule(stopsignalInvalid, {
  valid: [{ code: "FROM a:1\nSTOPSIGNAL 9\nSTOPSIGNAL sigrtmin+3\nSTOPSIGNAL $SIG\n" }],
  invalid: [
    { code: "FROM a:1\nSTOPSIGNAL 0\n", errors: ["2:12-2:13"] },
    {
      code: "ARG S=SIGFOO\nFROM a:1\nARG S\nSTOPSIGNAL $S\n",
      errors: [{ range: "4:12-4:14", message: '"SIGFOO"' }],
    },
  ],
});

testRule(exposeFormat, {
  valid: [
    { code: "FROM a:1\nEXPOSE 0 65535 53/udp 132/sctp 1000-2000/tcp\n" },
    // accepted by the engine (with BuildKit warnings, other rules)
    { code: "FROM a:1\nEXPOSE 8080/TcP 8080:80 127.0.0.1:8080:80/UDP [::1]:80:80 :80 80-81:90-91\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nEXPOSE 65536\n",
      errors: [{ range: "2:8-2:13", message: "out of range" }],
      output: null,
    },
    { code: "FROM a:1\nEXPOSE 90-80 80/http\n", errors: ["2:8-2:13", "2:14-2:21"] },
    { code: "FROM a:1\nEXPOSE 80a\n", errors: [{ range: "2:8-2:11", message: "invalid containerPort" }] },
    {
      code: "FROM a:1\nEXPOSE abc:80 1.2.3:80:80 80-81:90-92\n",
      errors: [
        { range: "2:8-2:14", message: "invalid hostPort: abc" },
        { range: "2:15-2:26", message: "invalid IP address: 1.2.3" },
        { range: "2:27-2:38", message: "invalid ranges" },
      ],
    },
  ],
});

testRule(exposeProtoCasing, {
  valid: [{ code: "FROM a:1\nEXPOSE 80/tcp 53/udp 80/HTTP\n" }],
  invalid: [
    { code: "FROM a:1\nEXPOSE 80/TCP\n", errors: ["2:8-2:14"], output: "FROM a:1\nEXPOSE 80/tcp\n" },
    {
      code: "FROM a:1\nEXPOSE 8080/TcP\n",
      errors: [{ range: "2:8-2:16", message: "lower-case" }],
      output: "FROM a:1\nEXPOSE 8080/tcp\n",
    },
  ],
});

testRule(exposeHostPort, {
  valid: [{ code: "FROM a:1\nEXPOSE 80 80/udp 1-2\n" }],
  invalid: [
    {
      code: "FROM a:1\nEXPOSE 127.0.0.1:8080:80/tcp\n",
      errors: ["2:8-2:29"],
      output: "FROM a:1\nEXPOSE 80/tcp\n",
    },
    { code: "FROM a:1\nEXPOSE 8080:80\n", errors: ["2:8-2:15"], output: "FROM a:1\nEXPOSE 80\n" },
  ],
});

testRule(instructionArguments, {
  valid: [
    {
      code: 'FROM a:1 AS b\nARG X\nENV A=1\nLABEL a=b\nEXPOSE 80\nVOLUME /v\nWORKDIR /w x\nUSER a b\nSTOPSIGNAL 9\nHEALTHCHECK NONE\nSHELL ["sh", "-c"]\nCOPY a b\nADD a b\nONBUILD RUN x\nRUN\nCMD\n',
    },
    { code: "FROM a:1\nCOPY <<EOF /dest\nx\nEOF\n" },
    // the trigger is checked when a child image builds
    { code: "FROM a:1\nONBUILD USER\n" },
    // ENV without a value is the parser's error (parse-error), reported once
    { code: "FROM a:1\nENV A\n" },
  ],
  invalid: [
    ...["ARG", "ENV", "LABEL", "EXPOSE", "VOLUME", "ONBUILD", "HEALTHCHECK", "SHELL"].map((k) => ({
      code: `FROM node:20\n${k}\n`,
      errors: [{ range: `2:1-2:${k.length + 1}`, message: `${k} requires at least one argument` }],
    })),
    ...["WORKDIR", "USER", "MAINTAINER", "STOPSIGNAL"].map((k) => ({
      code: `FROM node:20\n${k}\n`,
      errors: [{ range: `2:1-2:${k.length + 1}`, message: `${k} requires exactly one argument` }],
    })),
    {
      code: "FROM a:1\nCOPY onlyone\nadd x\n",
      errors: [
        { range: "2:6-2:13", message: "COPY requires at least two arguments" },
        { range: "3:5-3:6", message: "ADD requires at least two arguments" },
      ],
    },
    { code: "FROM node extra\n", errors: [{ range: "1:6-1:16", message: "one or three arguments" }] },
    { code: "FROM a AS b c\nFROM\n", errors: ["1:6-1:14", "2:1-2:5"] },
    {
      code: "FROM a:1\nENV =v\nLABEL =w\nARG =x\n",
      errors: [
        { range: "2:5-2:7", message: "ENV names can not be blank" },
        { range: "3:7-3:9", message: "LABEL names can not be blank" },
        { range: "4:5-4:7", message: "ARG names can not be blank" },
      ],
    },
    { code: "FROM a:1\nSHELL []\n", errors: [{ range: "2:1-2:6", message: "at least one argument" }] },
    {
      code: "FROM a:1\nSHELL /bin/bash -c\n",
      errors: [{ range: "2:7-2:19", message: 'JSON form: write SHELL ["/bin/bash","-c"]' }],
    },
    // an unterminated JSON array is shell form to the parser, and BuildKit refuses a SHELL in shell form
    {
      code: 'FROM a:1\nSHELL [ "/bin/sh"\nSHELL ["sh", "-c\n',
      errors: [
        { range: "2:7-2:18", message: 'not closed, write SHELL ["/bin/sh"]' },
        { range: "3:7-3:17", message: "not closed or not valid" },
      ],
    },
    {
      code: 'FROM a:1\nVOLUME ["/a", " "]\n',
      errors: [{ range: "2:15-2:18", message: "can not be an empty string" }],
    },
    {
      code: "FROM a:1\nCOPY x <<EOF\nbody\nEOF\n",
      errors: [{ range: "2:8-2:13", message: "cannot accept a heredoc as a destination" }],
    },
  ],
});

testRule(invalidFlagValue, {
  valid: [
    {
      code: "FROM --platform=$BUILDPLATFORM a:1\nFROM --platform=linux/arm64/v8 a:1\nFROM --platform=arm64 a:1\nCOPY --link --chmod=0755 a b\nCOPY --link=FALSE --parents=true --chmod=u+x,go-w a b\nRUN --network=none --security=insecure x\nADD --keep-git-dir=true --chmod=$M a b\n",
    },
  ],
  invalid: [
    {
      code: "FROM a:1\nCOPY --link=abc a b\nCOPY --link= a b\n",
      errors: [
        { range: "2:13-2:16", message: "Expecting boolean value for flag link, not: abc" },
        { range: "3:13-3:13", message: "Missing a value on flag: link" },
      ],
    },
    {
      code: "FROM a:1\nRUN --network=bridge --security=privileged x\n",
      errors: [
        { range: "2:15-2:21", message: 'invalid network mode "bridge"' },
        { range: "2:33-2:43", message: 'security "privileged" is not valid' },
      ],
    },
    {
      code: "ARG P=linux/amd64/v2/x\nFROM --platform=$P a:1\nFROM --platform=foo a:1\n",
      errors: [
        { range: "2:17-2:19", message: "cannot parse platform specifier" },
        { range: "3:17-3:20", message: "unknown operating system or architecture" },
      ],
    },
    {
      code: "FROM a:1\nADD --checksum=sha256:abc https://e.com/x /x\nADD --checksum=md5:00 https://e.com/x /x\nADD --checksum=sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef a b /d/\n",
      errors: [
        { range: "2:16-2:26", message: "invalid checksum digest length" },
        { range: "3:16-3:22", message: "unsupported digest algorithm" },
        { range: "4:16-4:87", message: "multiple sources" },
      ],
    },
    {
      code: "FROM a:1\nCOPY --chmod=10000 a b\nADD --chmod=abc a b\n",
      errors: [
        { range: "2:14-2:19", message: "invalid chmod parameter: '10000'" },
        { range: "3:13-3:16", message: "invalid chmod parameter: 'abc'" },
      ],
    },
  ],
});

testRule(unterminatedQuote, {
  valid: [{ code: 'FROM a:1\nENV A="x y" B=\'z\' C=\\"\nRUN echo "unclosed\n' }],
  invalid: [
    {
      code: 'FROM a:1\nARG a="b\nENV c=\'d\nLABEL e="f\nWORKDIR "/x\n',
      errors: [
        { range: "2:5-2:9", message: "matching double-quote" },
        { range: "3:7-3:9", message: "matching single-quote" },
        { range: "4:9-4:11", message: "matching double-quote" },
        { range: "5:9-5:12", message: "matching double-quote" },
      ],
    },
  ],
});

testRule(unknownFlag, {
  valid: [
    {
      code: "FROM --platform=$BUILDPLATFORM a:1\nRUN --mount=type=cache,target=/x --mount=type=tmpfs,target=/t --network=none true\nCOPY --link --parents --exclude=*.md a/ /b/\n",
    },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN --from=x true\n",
      errors: [{ range: "2:5-2:11", message: "--from is a flag of COPY" }],
    },
    {
      code: "FROM a:1\nCOPY --chmod=644 --chmod=600 a /b\n",
      errors: [{ range: "2:18-2:25", message: "more than once" }],
    },
    {
      code: "FROM a:1\nHEALTHCHECK --intervl=5s CMD true\n",
      errors: [{ range: "2:13-2:22", message: "Did you mean --interval?" }],
    },
    { code: "FROM a:1\nUSER --x=1 app\n", errors: [{ range: "2:6-2:9", message: "accepts no flags" }] },
  ],
});

testRule(invalidMount, {
  valid: [
    // a bare --mount is unknown-flag's ("needs a value"): one error, not two
    { code: "FROM a:1\nRUN --mount true\n" },
    {
      code: "FROM a:1\nRUN --mount=type=secret,id=npm,env=NPM_TOKEN --mount=type=ssh --mount=type=bind,from=b,source=/s,target=/t,rw true\n",
    },
    // source= names a secret's id too (BuildKit dispatchSecret: source, else id, else the target's base name)
    { code: "FROM a:1\nRUN --mount=type=secret,src=npm --mount=type=secret,source=tok,target=/t true\n" },
    // BuildKit joins a missing or relative target to the working directory (moby's, buildx's Dockerfiles)
    { code: "FROM a:1 AS b\nFROM a:1\nWORKDIR /src\nRUN --mount=from=b,src=/x make\n" },
    { code: "FROM a:1 AS base\nWORKDIR /go/src\nFROM base\nRUN --mount=type=cache make\n" },
    { code: "FROM a:1\nARG D=/w\nWORKDIR $D\nRUN --mount=type=bind,target=sub make\n" },
    // a WORKDIR with a variable that has no value here: not judged
    { code: "FROM a:1\nWORKDIR $UNSET\nRUN --mount=type=cache make\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN --mount=type=cache true\n",
      errors: [{ range: "2:5-2:23", message: "needs target" }],
    },
    {
      code: "FROM a:1\nWORKDIR /\nRUN --mount=from=b,src=/x true\n",
      errors: [{ range: "3:5-3:26", message: "working directory, here /" }],
    },
    {
      code: "FROM a:1\nWORKDIR /w\nRUN --mount=type=bind,target=.. --mount=type=cache,target=/ true\n",
      errors: [
        { range: "3:23-3:32", message: 'mount on ".." mounts on /' },
        { range: "3:52-3:60", message: "cannot target /" },
      ],
    },
    {
      code: "FROM a:1\nRUN --mount=type=tmpfs,target=/t,from=x true\n",
      errors: [{ range: "2:34-2:40", message: "not valid for type=tmpfs" }],
    },
    {
      code: "FROM a:1\nRUN --mount=type=secret,id=x,mode=999,uid=me true\n",
      errors: ["2:30-2:38", "2:39-2:45"],
    },
  ],
});

testRule(jsonFormMalformed, {
  valid: [{ code: 'FROM a:1\nRUN ["a", "b"]\nCMD echo [x]\n' }],
  invalid: [
    {
      code: "FROM a:1\nENTRYPOINT ['/bin/app']\n",
      errors: ["2:12-2:24"],
      output: 'FROM a:1\nENTRYPOINT ["/bin/app"]\n',
    },
    { code: 'FROM a:1\nCMD ["a", "b",]\n', errors: ["2:5-2:16"], output: null },
  ],
});

testRule(missingFrom, {
  valid: [{ code: "# syntax=docker/dockerfile:1\nARG A=1\nFROM a:$A\n" }, { code: "" }],
  invalid: [{ code: "LABEL a=b\nENV c=d\nFROM a:1\n", errors: ["1:1-1:6", "2:1-2:4"] }],
});

testRule(noEmptyContinuation, {
  valid: [{ code: "FROM a:1\nRUN a \\\n  # comment\n  b\n" }],
  invalid: [
    { code: "FROM a:1\nRUN a \\\n\n  b\n", errors: ["3:1-3:1"], output: "FROM a:1\nRUN a \\\n  b\n" },
  ],
});

testRule(unknownInstruction, {
  valid: [{ code: "FROM a:1\nrun true\n" }],
  invalid: [
    {
      code: "FROM a:1\nworkdri /x\n",
      errors: [{ range: "2:1-2:8", message: "Did you mean workdir?" }],
      output: "FROM a:1\nworkdir /x\n",
    },
    { code: "FROM a:1\nFETCH x\n", errors: ["2:1-2:6"], output: null },
    {
      // an assignment without ENV: the message names the variable, never its value
      code: "FROM a:1\nDB_PASSWORD=hunter2\n",
      errors: [
        {
          range: "2:1-2:20",
          message: 'Unknown instruction "DB_PASSWORD=…"; to set a variable, use ENV or ARG',
        },
      ],
      output: null,
    },
  ],
});

testRule(instructionCasing, {
  valid: [{ code: "FROM a:1 AS b\nRUN x\n" }],
  invalid: [
    {
      // the keyword is fixed to the file's casing; AS is from-as-casing's once the keyword is fixed
      code: "from a\nfrOM alpine:3.20 as y\n",
      errors: [{ range: "2:1-2:5", message: "written from" }],
      output: "from a\nfrom alpine:3.20 as y\n",
    },
    {
      code: "FROM a\nfrOM alpine:3.20 as y\n",
      errors: [{ range: "2:1-2:5", message: "written FROM" }],
      output: "FROM a\nFROM alpine:3.20 as y\n",
    },
    {
      code: "from a:1\nrun x\nCOPY a /b\nRun y\n",
      errors: ["3:1-3:5", "4:1-4:4"],
      output: "from a:1\nrun x\ncopy a /b\nrun y\n",
    },
  ],
});

testRule(onbuildTrigger, {
  valid: [{ code: "FROM a:1\nONBUILD RUN x\n" }],
  invalid: [
    { code: "FROM a:1\nONBUILD ONBUILD RUN x\nONBUILD MAINTAINER me\n", errors: ["2:9-2:16", "3:9-3:19"] },
  ],
});

testRule(parseError, {
  valid: [{ code: "FROM a:1\nENV A=1\n" }],
  invalid: [{ code: "FROM a:1\nENV A\nRUN x\n", errors: ["2:5-2:6"] }],
});

testRule(fromAsCasing, {
  // a mixed-case keyword is instruction-casing's: no second, conflicting fix (BuildKit is silent too)
  valid: [
    { code: "FROM a AS b\nFrom a as d\nfrOM a AS e\n" },
    // against the majority the keyword is rewritten first (instruction-casing); then this rule follows it
    { code: "FROM a AS b\nFROM a AS c\nfrom a AS d\n" },
  ],
  invalid: [
    { code: "FROM a as b\n", errors: [{ range: "1:8-1:10", message: "write AS" }], output: "FROM a AS b\n" },
    {
      code: "from a AS b\nrun x\n",
      errors: [{ range: "1:8-1:10", message: "write as" }],
      output: "from a as b\nrun x\n",
    },
  ],
});
