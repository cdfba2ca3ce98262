// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Enginefile snippets use ${VAR} syntax

import copyFromSelf from "../../src/rules/stages/copy-from-self.js";
import copyFromUnknownStage from "../../src/rules/stages/copy-from-unknown-stage.js";
import duplicateStageName from "../../src/rules/stages/duplicate-stage-name.js";
import fromPlatform from "../../src/rules/stages/from-platform.js";
import invalidImageReference from "../../src/rules/stages/invalid-image-reference.js";
import redundantTargetPlatform from "../../src/rules/stages/redundant-target-platform.js";
import reservedStageName from "../../src/rules/stages/reserved-stage-name.js";
import stageNameCasing from "../../src/rules/stages/stage-name-casing.js";
import envSelfReference from "../../src/rules/variables/env-self-reference.js";
import invalidDefaultArgInFrom from "../../src/rules/variables/invalid-default-arg-in-from.js";
import invalidSubstitution from "../../src/rules/variables/invalid-substitution.js";
import undefinedArgInFrom from "../../src/rules/variables/undefined-arg-in-from.js";
import undefinedVariable from "../../src/rules/variables/undefined-variable.js";
import { testRule } from "../../src/testing/rule-tester.js";

testRule(duplicateStageName, {
  valid: [{ code: "FROM a:1 AS x\nFROM x AS y\n" }],
  invalid: [
    {
      code: "FROM a:1 AS x\nFROM a:1 AS y\nFROM a:1 AS X\n",
      errors: [{ range: "3:13-3:14", message: "line 1" }],
    },
  ],
});

testRule(reservedStageName, {
  valid: [{ code: "FROM a:1 AS build-1.x_y\n" }],
  invalid: [{ code: "FROM a:1 AS context\nFROM a:1 AS Scratch\n", errors: ["1:13-1:20", "2:13-2:20"] }],
});

testRule(stageNameCasing, {
  valid: [{ code: "FROM a:1 AS build\n" }],
  invalid: [
    {
      code: "FROM a:1 AS BUILD\nCOPY --from=BUILD /a /b\n",
      errors: ["1:13-1:18"],
      output: "FROM a:1 AS build\nCOPY --from=BUILD /a /b\n",
    },
  ],
});

testRule(copyFromSelf, {
  valid: [{ code: "FROM a:1 AS b\nFROM a:1 AS c\nCOPY --from=b /x /y\nRUN --mount=from=b,target=/m true\n" }],
  invalid: [
    { code: "FROM a:1 AS b\nCOPY --from=B /x /y\n", errors: ["2:13-2:14"] },
    { code: "FROM a:1\nFROM a:1\nCOPY --from=1 /x /y\n", errors: ["3:13-3:14"] },
    {
      code: "ARG S=b\nFROM a:1 AS b\nARG S\nCOPY --from=$S /x /y\n",
      errors: [{ range: "4:13-4:15", message: '"b"' }],
    },
  ],
});

testRule(copyFromUnknownStage, {
  valid: [
    {
      code: "FROM a:1 AS b\nFROM a:1\nCOPY --from=alpine:3 /x /y\nCOPY --from=$UNKNOWN /x /y\nCOPY --from=0 /x /y\n",
    },
    // its own index is copy-from-self's (one error, not two)
    { code: "FROM a:1\nCOPY --from=0 /x /y\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nCOPY --from=3 /x /y\n",
      errors: [{ range: "2:13-2:14", message: "does not name an earlier stage" }],
    },
    {
      code: "FROM a:1 AS builder\nFROM a:1\nCOPY --from=buidler /x /y\n",
      errors: ["3:13-3:20"],
      output: "FROM a:1 AS builder\nFROM a:1\nCOPY --from=builder /x /y\n",
    },
  ],
});

testRule(fromPlatform, {
  valid: [
    { code: "FROM --platform=$BUILDPLATFORM a:1\nFROM --platform=${BUILDPLATFORM} a:1\n" },
    // a stage named after its platform is pinned on purpose (BuildKit)
    { code: "FROM --platform=linux/amd64 a:1 AS my_amd64_stage\nFROM --platform=linux/amd64 a:1 AS linux\n" },
  ],
  invalid: [{ code: "FROM --platform=linux/arm64 a:1\n", errors: ["1:17-1:28"], output: null }],
});

testRule(redundantTargetPlatform, {
  valid: [{ code: "FROM --platform=$BUILDPLATFORM a:1\nFROM --platform=linux/amd64 a:1\n" }],
  invalid: [
    {
      code: "FROM --platform=${TARGETPLATFORM} a:1 AS x\nFROM --platform=$TARGETPLATFORM a:1\n",
      errors: ["1:17-1:34", "2:17-2:32"],
      output: "FROM a:1 AS x\nFROM a:1\n",
    },
  ],
});

testRule(undefinedVariable, {
  valid: [
    { code: "FROM a:1\nARG A\nENV B=${A}\nCOPY $B /x\nRUN echo $NOT_CHECKED\nWORKDIR ${MAYBE:-/srv}\n" },
    { code: "FROM a:1 AS base\nENV HOME_DIR=/h\nFROM base\nWORKDIR $HOME_DIR\n" },
    { code: "FROM a:1\nARG http_proxy\nENV X=$PATH:$HTTP_PROXY\n" },
    { code: "FROM quay.io/jupyter/base-notebook:1\nUSER ${NB_UID}\n" },
    // a base image may set these: not one slip away from PATH, HOME & co.
    { code: "FROM a:1\nENV X=$HOST Y=$UID Z=$LANGUAGE\n" },
  ],
  invalid: [
    { code: "FROM scratch\nENV A=1 B=$C\n", errors: [{ range: "2:11-2:13", message: '"C"' }] },
    {
      code: "FROM a:1\nARG VERSION=1\nLABEL v=${VERSOIN}\n",
      errors: [{ range: "3:9-3:19", message: "Did you mean VERSION?" }],
      output: "FROM a:1\nARG VERSION=1\nLABEL v=${VERSION}\n",
    },
    { code: "FROM scratch AS base\nARG X=1\nFROM base\nCOPY $X /y\n", errors: ["4:6-4:8"] },
    { code: "FROM scratch\nRUN --mount=type=cache,target=$CACHE true\n", errors: ["2:31-2:37"] },
    // under an image: a declaration after the use, and a typo of a variable every image sets
    {
      code: "FROM alpine:3.20\nCOPY $foo .\nARG foo=bar\nENV PATH=$PAHT:/tmp/bin\n",
      errors: [
        { range: "2:6-2:10", message: "declared on line 3, after this use: move that ARG up" },
        { range: "4:10-4:15", message: "Did you mean PATH?" },
      ],
      output: "FROM alpine:3.20\nCOPY $foo .\nARG foo=bar\nENV PATH=$PATH:/tmp/bin\n",
    },
  ],
});

testRule(undefinedArgInFrom, {
  valid: [{ code: "ARG A=x:1\nFROM $A\nFROM --platform=$BUILDPLATFORM a:$TARGETARCH\n" }],
  invalid: [
    { code: "FROM a:1\nARG TAG=2\nFROM b:$TAG\n", errors: ["3:8-3:12"] },
    { code: "ARG TAG=1\nFROM a:$TAGG\n", errors: [{ range: "2:8-2:13", message: "Did you mean TAG?" }] },
  ],
});

testRule(invalidDefaultArgInFrom, {
  valid: [{ code: "ARG A=alpine\nARG T=3\nFROM ${A}:${T}\nARG S=x\nFROM ${A}\n" }],
  invalid: [
    { code: "ARG BASE\nFROM ${BASE}\n", errors: [{ range: "2:6-2:13", message: "empty" }] },
    { code: "ARG B=Alpine\nFROM ${B}:3\n", errors: [{ range: "2:6-2:12", message: '"Alpine:3"' }] },
  ],
});

testRule(invalidImageReference, {
  valid: [
    {
      code: "ARG T=3.20\nFROM alpine:${T} AS Build\nFROM build\nFROM scratch\nFROM $UNSET\nFROM localhost:5000/a/b-c__d.e:v1.0_x\nFROM [::1]:5000/a@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\nCOPY --from=build /a /b\nCOPY --from=0 /a /b\nCOPY --from=nginx:1.27 /a /b\nRUN --mount=from=build,target=/x true\nCOPY --from= /a /b\n",
    },
  ],
  invalid: [
    {
      code: "FROM alpine:\nFROM Alpine\nFROM a@sha256:00\nFROM a:b c\n",
      errors: [
        { range: "1:6-1:13", message: '"alpine:" is not a valid base image: invalid reference format' },
        { range: "2:6-2:12", message: "repository name (Alpine) must be lowercase" },
        { range: "3:6-3:17", message: "invalid reference format" },
      ],
    },
    {
      code: "FROM a:1\nARG IMG=my_registry.com/App\nCOPY --from=${IMG} /a /b\n",
      errors: [{ range: "3:13-3:19", message: "repository name (App) must be lowercase" }],
    },
    {
      code: "FROM a:1\nCOPY --from=^ /a /b\nRUN --mount=from=x:,target=/x true\n",
      errors: [
        { range: "2:13-2:14", message: '"^" is not a valid --from image' },
        { range: "3:13-3:20", message: "mount from= image" },
      ],
    },
    {
      code: "FROM a@md5:0123456789abcdef0123456789abcdef\n",
      errors: [{ range: "1:6-1:44", message: "unsupported digest algorithm" }],
    },
  ],
});

testRule(invalidSubstitution, {
  valid: [
    {
      code: "FROM a:1\nARG V=1.2\nENV A=${V:-x} B=${V%%.*} C=${V/./_} D=${V:+y} E=${V#1}\nRUN echo ${V:x}\nCMD echo ${\n",
    },
    // ${v:?message} fails or not by the build arguments given: not a syntax error
    { code: "FROM a:1\nARG U\nUSER ${U:?must be set}\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nENV x=${a:x}\nCOPY ${b:#y} /c\nWORKDIR ${d\n",
      errors: [
        { range: "2:7-2:13", message: "unsupported modifier (:x) in substitution" },
        { range: "3:6-3:13", message: "unsupported modifier (:#) in substitution" },
        { range: "4:9-4:12", message: "never closed" },
      ],
    },
    { code: "ARG I=a\nFROM ${I:x}\n", errors: [{ range: "2:6-2:12", message: "unsupported modifier" }] },
  ],
});

testRule(envSelfReference, {
  valid: [{ code: "FROM a:1\nENV A=1\nENV B=$A C=${A}\nENV D=$D:x\n" }],
  invalid: [
    {
      code: "FROM alpine:3.20\nENV A=1 B=$A C=x${A:-y}\n",
      errors: [
        { range: "2:11-2:13", message: '"A" is set earlier in this ENV' },
        { range: "2:17-2:24", message: "move C=… to its own ENV" },
      ],
    },
  ],
});
