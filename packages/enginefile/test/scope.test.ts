// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Enginefile/shell text, where ${…} is literal
import { describe, expect, it } from "vitest";
import { automaticArgs, computeScopes, type Instruction, parse, scopeAt, stageGraph } from "../src/index.js";

const file = [
  "ARG BASE=alpine",
  "ARG VERSION=3.20",
  "ARG UNUSED",
  "FROM ${BASE}:${VERSION} AS build",
  "ARG VERSION",
  "ARG OWN=own-$VERSION",
  "ENV APP=/app PATH=$APP/bin:$PATH",
  "RUN echo $VERSION $BASE",
  "FROM build AS test",
  "ENV MODE=test",
  "ARG OWN",
  "RUN echo $APP $MODE $OWN",
  "FROM scratch",
  "COPY --from=build /app /app",
  "COPY --from=1 /x /x",
  "COPY --from=5 /y /y",
  "COPY --from=nginx:latest /etc/nginx /etc/nginx",
  "RUN --mount=type=cache,from=test,target=/c true",
  "",
].join("\n");

function find(doc: ReturnType<typeof parse>, line: number): Instruction {
  const ins = doc.instructions.find((i) => i.range.start.line === line);
  if (!ins) throw new Error(`no instruction on line ${line}`);
  return ins;
}

describe("build-argument and environment scoping", () => {
  const doc = parse(file);
  it("FROM sees the global ARGs and automatic platform ARGs", () => {
    const s = scopeAt(doc, find(doc, 3));
    expect(s?.expand("${BASE}:${VERSION}").value).toBe("alpine:3.20");
    expect(s?.get("TARGETPLATFORM")?.value).toBe("linux/amd64");
    expect(s?.get("UNUSED")).toMatchObject({ value: undefined, kind: "global-arg" });
  });
  it("automatic platform ARGs follow the platforms given, and the defaults stay the defaults", () => {
    const arm = scopeAt(doc, find(doc, 3), {
      buildPlatform: "linux/arm64/v8",
      targetPlatform: "windows/amd64",
    });
    expect(arm?.expand("$BUILDARCH $BUILDVARIANT $TARGETOS").value).toBe("arm64 v8 windows");
    const defaults = scopeAt(doc, find(doc, 3));
    expect(defaults?.expand("$BUILDPLATFORM $TARGETARCH").value).toBe("linux/amd64 amd64");
    // a later ARG of the same name is the file's own, not written into the shared defaults
    const redeclared = parse("ARG TARGETARCH=x\nFROM a\n");
    expect(scopeAt(redeclared, find(redeclared, 1))?.get("TARGETARCH")?.value).toBe("x");
    expect(scopeAt(doc, find(doc, 3))?.get("TARGETARCH")?.value).toBe("amd64");
    // automaticArgs hands out a new map each time
    const first = automaticArgs({});
    first.set("TARGETARCH", "changed");
    expect(automaticArgs({}).get("TARGETARCH")).toBe("amd64");
    expect(automaticArgs({ targetPlatform: "linux/arm/v7" }).get("TARGETVARIANT")).toBe("v7");
  });
  it("a stage sees a global ARG only when re-declared, and then gets its value", () => {
    const s = scopeAt(doc, find(doc, 7));
    expect(s?.get("VERSION")).toMatchObject({ value: "3.20", kind: "global-arg" });
    expect(s?.get("BASE")).toBeUndefined();
    const r = s?.expand("$VERSION $BASE");
    expect(r?.value).toBe("3.20 ");
    expect(r?.unresolved).toEqual(["BASE"]);
  });
  it("ARG defaults and ENV values are expanded in order", () => {
    const s = scopeAt(doc, find(doc, 7));
    expect(s?.get("OWN")?.value).toBe("own-3.20");
    expect(s?.get("APP")).toMatchObject({ value: "/app", kind: "env" });
    // all pairs of one ENV are expanded against the environment before it: $APP is not yet set
    expect(s?.get("PATH")?.value).toBe("/bin:");
  });
  it("a stage built FROM an earlier stage inherits its ENV but not its ARGs", () => {
    const s = scopeAt(doc, find(doc, 11));
    expect(s?.get("APP")).toMatchObject({ value: "/app", kind: "inherited-env" });
    expect(s?.get("MODE")?.value).toBe("test");
    expect(s?.get("OWN")?.value).toBeUndefined();
  });
  it("build arguments override defaults", () => {
    const scopes = computeScopes(doc, { buildArgs: { VERSION: "3.19", OWN: "given" } });
    expect(scopes.get(find(doc, 3))?.expand("$VERSION").value).toBe("3.19");
    expect(scopes.get(find(doc, 7))?.get("OWN")?.value).toBe("given");
  });
  it("expands one instruction's values against the variables before it (Docker docs example)", () => {
    const d = parse("FROM x\nENV abc=hello\nENV abc=bye def=$abc\nENV ghi=$abc\nRUN true\n");
    const s = scopeAt(d, find(d, 4));
    expect([s?.get("def")?.value, s?.get("ghi")?.value]).toEqual(["hello", "bye"]);
  });
  it("each instruction keeps the scope of its own moment (later ARG/ENV do not leak back)", () => {
    const d = parse("ARG G=1\nARG H=$G\nFROM x\nENV A=1\nRUN one\nENV A=2\nRUN two\n");
    const scopes = computeScopes(d);
    expect(scopes.get(find(d, 4))?.get("A")?.value).toBe("1");
    expect(scopes.get(find(d, 6))?.get("A")?.value).toBe("2");
    expect(scopes.get(find(d, 0))?.get("G")).toBeUndefined();
    expect(scopes.get(find(d, 2))?.get("H")?.value).toBe("1");
  });
  it("ENV wins over an ARG of the same name", () => {
    const d = parse("FROM x\nARG A=arg\nENV A=env\nRUN echo $A\n");
    expect(scopeAt(d, find(d, 3))?.get("A")).toMatchObject({ value: "env", kind: "env" });
  });
});

describe("stage graph", () => {
  const doc = parse(file);
  const g = stageGraph(doc);
  it("resolves FROM, COPY --from and RUN --mount=from to stages or images", () => {
    const refs = g.references.map((r) => [
      r.kind,
      r.source.index,
      r.expanded,
      r.stage?.index,
      r.image,
      r.invalidIndex,
    ]);
    expect(refs).toEqual([
      ["base", 0, "alpine:3.20", undefined, "alpine:3.20", false],
      ["base", 1, "build", 0, undefined, false],
      ["base", 2, "scratch", undefined, "scratch", false],
      ["copy-from", 2, "build", 0, undefined, false],
      ["copy-from", 2, "1", 1, undefined, false],
      ["copy-from", 2, "5", undefined, undefined, true],
      ["copy-from", 2, "nginx:latest", undefined, "nginx:latest", false],
      ["mount-from", 2, "test", 1, undefined, false],
    ]);
  });
  it("expands build arguments before deciding stage or image", () => {
    const d = parse(
      "ARG FROM_STAGE=base\nFROM alpine AS base\nFROM ${FROM_STAGE}\nARG SRC=base\nCOPY --from=${SRC} /a /b\n",
    );
    const refs = stageGraph(d).references.map((r) => [r.kind, r.written, r.expanded, r.stage?.name]);
    expect(refs).toEqual([
      ["base", "alpine", "alpine", undefined],
      ["base", "${FROM_STAGE}", "base", "base"],
      ["copy-from", "${SRC}", "base", "base"],
    ]);
    expect(stageGraph(d, { buildArgs: { FROM_STAGE: "debian" } }).references[1]?.image).toBe("debian");
  });

  it("answers dependency questions", () => {
    const last = g.stages[2];
    if (!last) throw new Error("missing stage");
    expect(g.dependenciesOf(last).map((s) => s.index)).toEqual([0, 1]);
    expect(g.requiredFor(g.stages[1] ?? last).map((s) => s.name)).toEqual(["build", "test"]);
    expect(g.stageByName("BUILD")?.index).toBe(0);
  });

  it("lists each stage's references, its base first", () => {
    const [first, second, last] = g.stages;
    if (!first || !second || !last) throw new Error("missing stage");
    expect(g.baseOf(second)?.stage).toBe(first);
    expect(g.baseOf(last)?.image).toBe("scratch");
    expect(g.referencesFrom(last).map((r) => r.kind)).toEqual([
      "base",
      "copy-from",
      "copy-from",
      "copy-from",
      "copy-from",
      "mount-from",
    ]);
    expect(g.baseOf(parse("FROM\n").stages[0] ?? first)).toBeUndefined();
  });

  it("uses the scopes it is given instead of computing them again", () => {
    const d = parse("ARG V=1\nFROM alpine:$V AS a\nFROM a\n");
    const scopes = computeScopes(d, { buildArgs: { V: "2" } });
    expect(stageGraph(d, {}, scopes).references[0]?.expanded).toBe("alpine:2");
    expect(stageGraph(d).references[0]?.expanded).toBe("alpine:1");
  });
});

describe("scope sharing", () => {
  it("instructions between two declarations share one scope; a declaration starts a new one", () => {
    const d = parse("FROM x\nRUN a\nRUN b\nENV E=1\nRUN c\nARG A=2\nRUN d\n");
    const scopes = computeScopes(d);
    const at = (line: number) => scopes.get(find(d, line));
    expect(at(1)).toBe(at(2));
    expect(at(2)).toBe(at(3));
    expect(at(4)).not.toBe(at(3));
    expect(at(3)?.get("E")).toBeUndefined();
    expect(at(4)?.get("E")?.value).toBe("1");
    expect(at(5)?.get("A")).toBeUndefined();
    expect(at(6)?.expand("$E$A").value).toBe("12");
  });
});
