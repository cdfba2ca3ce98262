// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Enginefile/shell text, where ${…} is literal
import { describe, expect, it } from "vitest";
import { dump, type Instruction, parse, REFERENCE_ERROR_CODES } from "../src/index.js";

function only<K extends Instruction["kind"]>(text: string, kind: K): Extract<Instruction, { kind: K }> {
  const ins = parse(text).instructions.find((i) => i.kind === kind);
  if (!ins) throw new Error(`no ${kind}`);
  return ins as Extract<Instruction, { kind: K }>;
}

const slice = (text: string, r: { start: { offset: number }; end: { offset: number } }) =>
  text.slice(r.start.offset, r.end.offset);

describe("AST details", () => {
  it("FROM: keyword, platform flag, image and stage name with ranges", () => {
    const text = "from --platform=linux/arm64 golang:1.22 As Build\n";
    const from = only(text, "from");
    expect(from.keyword).toBe("from");
    expect(slice(text, from.keywordRange)).toBe("from");
    expect(from.platform).toMatchObject({
      name: "platform",
      value: "linux/arm64",
      text: "--platform=linux/arm64",
    });
    expect(slice(text, from.platform?.nameRange ?? from.range)).toBe("platform");
    expect(slice(text, from.platform?.valueRange ?? from.range)).toBe("linux/arm64");
    expect(from.image?.value).toBe("golang:1.22");
    expect(slice(text, from.image?.range ?? from.range)).toBe("golang:1.22");
    expect(from.stageName?.value).toBe("Build");
    expect(parse(text).stages[0]?.name).toBe("build");
  });

  it("ranges use 0-based lines, UTF-16 columns and offsets across continuations", () => {
    const text = "FROM x\nENV A=é \\\n  B=𝄞z\n";
    const env = only(text, "env");
    expect(env.pairs.map((p) => [p.key.value, p.value.value])).toEqual([
      ["A", "é"],
      ["B", "𝄞z"],
    ]);
    const b = env.pairs[1]?.value.range;
    expect(b?.start).toEqual({ line: 2, character: 4, offset: text.indexOf("𝄞") });
    expect(b?.end).toEqual({ line: 2, character: 7, offset: text.indexOf("z") + 1 });
    expect(env.range.start).toEqual({ line: 1, character: 0, offset: 7 });
    expect(env.range.end.line).toBe(2);
  });

  it("RUN: mounts of every type, network and security flags, exec vs shell form", () => {
    const text =
      "FROM x\nRUN --mount=type=cache,target=/root/.cache,sharing=locked --mount=type=secret,id=tok,required --mount=target=/src --network=none --security=insecure make\n" +
      'RUN ["make", "all"]\n';
    const doc = parse(text);
    const [, run, exec] = doc.instructions;
    if (run?.kind !== "run" || exec?.kind !== "run") throw new Error("expected RUN");
    expect(run.mounts.map((m) => [m.type, m.options.map((o) => [o.key, o.value])])).toEqual([
      [
        "cache",
        [
          ["type", "cache"],
          ["target", "/root/.cache"],
          ["sharing", "locked"],
        ],
      ],
      [
        "secret",
        [
          ["type", "secret"],
          ["id", "tok"],
          ["required", undefined],
        ],
      ],
      ["bind", [["target", "/src"]]],
    ]);
    expect(slice(text, run.mounts[1]?.options[1]?.range ?? run.range)).toBe("id=tok");
    expect(run.network?.value).toBe("none");
    expect(run.security?.value).toBe("insecure");
    expect(run.form).toBe("shell");
    expect(exec.form).toBe("exec");
    expect(exec.args.map((a) => [a.value, slice(text, a.range)])).toEqual([
      ["make", '"make"'],
      ["all", '"all"'],
    ]);
  });

  it("COPY/ADD: flags, sources and destination, heredocs with ranges", () => {
    const text =
      "FROM x\nCOPY --from=build --chmod=0755 --link --parents --exclude=*.md a b /dst/\nADD --checksum=sha256:abc --keep-git-dir=true https://x/y.git /src\nCOPY <<EOF <<-'RAW' /etc/\nhello $X\nEOF\n\tno $X\n\tRAW\n";
    const doc = parse(text);
    const copy = doc.instructions[1];
    if (copy?.kind !== "copy") throw new Error("expected COPY");
    expect(copy.from?.value).toBe("build");
    expect(copy.flags.map((f) => [f.name, f.value])).toEqual([
      ["from", "build"],
      ["chmod", "0755"],
      ["link", undefined],
      ["parents", undefined],
      ["exclude", "*.md"],
    ]);
    expect(copy.sources.map((s) => s.value)).toEqual(["a", "b"]);
    expect(copy.destination?.value).toBe("/dst/");
    const add = doc.instructions[2];
    expect(add?.flags.map((f) => f.name)).toEqual(["checksum", "keep-git-dir"]);
    const h = doc.instructions[3];
    if (!h) throw new Error("expected the heredoc COPY");
    expect(h.heredocs.map((d) => [d.name, d.expand, d.chomp, d.content, d.terminated])).toEqual([
      ["EOF", true, false, "hello $X\n", true],
      ["RAW", false, true, "\tno $X\n", true],
    ]);
    expect(slice(text, h.heredocs[0]?.delimiterRange ?? h.range)).toBe("<<EOF");
    expect(slice(text, h.heredocs[0]?.bodyRange ?? h.range)).toBe("hello $X\n");
    expect(slice(text, h.heredocs[1]?.terminatorRange ?? h.range)).toBe("\tRAW");
    expect(h.range.end.line).toBe(7);
  });

  it("flags are read like BuildKit's extractBuilderFlags (quotes removed, \\ escapes, -- ends them)", () => {
    const doc = parse(
      "FROM x\nCOPY --from=\"my stage\" --a=b\\ c --q='it\\'s' a b\nCOPY -- --notflag x\nRUN --network=none\u00a0--x y\n",
    );
    const [, copy, plain, run] = doc.instructions;
    expect(copy?.flags.map((f) => f.text)).toEqual(["--from=my stage", "--a=b c", "--q=it's"]);
    expect(copy?.args.map((a) => a.value)).toEqual(["a", "b"]);
    expect(plain?.flags).toEqual([]);
    expect(plain?.args.map((a) => a.value)).toEqual(["--notflag", "x"]);
    // the reference reads flags byte by byte: U+00A0 (C2 A0) ends a word at its second byte
    expect(run?.flags.map((f) => f.text)).toEqual(["--network=none\u00c2", "--x"]);
  });

  it("HEALTHCHECK: NONE or flags then CMD", () => {
    const hc = only(
      "FROM x\nHEALTHCHECK --interval=30s --timeout=3s --start-period=5s --start-interval=1s --retries=3 CMD curl -f http://localhost/\n",
      "healthcheck",
    );
    expect(hc.mode).toBe("cmd");
    expect(hc.flags.map((f) => f.name)).toEqual([
      "interval",
      "timeout",
      "start-period",
      "start-interval",
      "retries",
    ]);
    expect(hc.command.map((a) => a.value)).toEqual(["curl -f http://localhost/"]);
    expect(only("FROM x\nhealthcheck none\n", "healthcheck").mode).toBe("none");
  });

  it("ARG with and without defaults; ENV/LABEL legacy and key=value forms", () => {
    const arg = only('FROM x\nARG A B=2 C="x y"\n', "arg");
    expect(arg.declarations.map((d) => [d.name, d.defaultValue])).toEqual([
      ["A", undefined],
      ["B", "2"],
      ["C", '"x y"'],
    ]);
    const legacy = only("FROM x\nENV PATH /usr/bin:$PATH\n", "env");
    expect(legacy.pairs[0]).toMatchObject({
      legacy: true,
      key: { value: "PATH" },
      value: { value: "/usr/bin:$PATH" },
    });
    expect(legacy.variables.map((v) => v.name)).toEqual(["PATH"]);
    const label = only('FROM x\nLABEL a=1 "b c"=2\n', "label");
    expect(label.pairs.map((p) => [p.key.value, p.value.value])).toEqual([
      ["a", "1"],
      ['"b c"', "2"],
    ]);
  });

  it("variable references carry operators and ranges", () => {
    const text = "FROM x\nWORKDIR ${HOME:-/root}/$SUB\n";
    const w = only(text, "workdir");
    expect(w.variables.map((v) => [v.name, v.operator, v.braced, slice(text, v.range)])).toEqual([
      ["HOME", ":-", true, "${HOME:-/root}"],
      ["SUB", undefined, false, "$SUB"],
    ]);
  });

  it("references of command instructions (found on first read) read like any other property", () => {
    const text = [
      "FROM x",
      "RUN --mount=type=cache,target=$CACHE echo \"$A\" '$NOT' ${B:-x} \\",
      "  && echo $C",
      'RUN ["sh", "-c", "echo $D"]',
      'CMD echo "$E"',
      'HEALTHCHECK --interval=$I CMD curl "$F"',
      'ONBUILD RUN echo "$G"',
      'ENV H="$H"',
      "",
    ].join("\n");
    const doc = parse(text);
    const names = doc.instructions.map((i) => i.variables.map((v) => [v.name, slice(text, v.range)]));
    expect(names).toEqual([
      [],
      [
        ["CACHE", "$CACHE"],
        ["A", "$A"],
        ["B", "${B:-x}"],
        ["C", "$C"],
      ],
      [["D", "$D"]],
      [["E", "$E"]],
      [
        ["I", "$I"],
        ["F", "$F"],
      ],
      [["G", "$G"]],
      [["H", "$H"]],
    ]);
    const run = doc.instructions[1] as Instruction;
    // an instruction's list is its arguments' lists in order; each read gives the same list
    expect(run.variables.slice(1)).toEqual(run.args.flatMap((a) => a.variables));
    expect(run.variables).toBe(run.variables);
    expect(run.args[0]?.variables).toBe(run.args[0]?.variables);
    // own enumerable properties: spreads, JSON and structured clones carry them
    expect(Object.keys(run)).toEqual([
      ...["kind", "keyword", "keywordRange", "range", "flags", "args", "heredocs", "original"],
      ...["argumentsRange", "variables", "form", "mounts", "network", "security"],
    ]);
    expect(Object.keys(run.args[0] ?? {})).toEqual(["value", "range", "variables"]);
    // the same keys as an instruction built eagerly (no `$`): a field added to the base is not left out
    const plain = parse("FROM x\nRUN --mount=type=cache,target=/c echo a\n").instructions[1] as Instruction;
    expect(Object.keys(run)).toEqual(Object.keys(plain));
    for (const [key, value] of Object.entries(plain))
      expect((run as unknown as Record<string, unknown>)[key] === undefined, key).toBe(value === undefined);
    expect({ ...run.args[0] }.variables).toEqual(run.args[0]?.variables);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(structuredClone(doc));
    expect(structuredClone(doc).instructions[5]?.variables.map((v) => v.name)).toEqual(["G"]);
  });

  it("ONBUILD holds the nested instruction; other single-value instructions", () => {
    const doc = parse(
      'FROM x\nONBUILD COPY --from=b a /b\nUSER app:app\nWORKDIR /w\nSTOPSIGNAL SIGTERM\nMAINTAINER me\nEXPOSE 80/tcp 443\nVOLUME /a /b\nSHELL ["bash", "-c"]\nCMD x\nENTRYPOINT ["e"]\n',
    );
    const kinds = doc.instructions.map((i) => i.kind);
    expect(kinds).toEqual([
      "from",
      "onbuild",
      "user",
      "workdir",
      "stopsignal",
      "maintainer",
      "expose",
      "volume",
      "shell",
      "cmd",
      "entrypoint",
    ]);
    const ob = doc.instructions[1];
    if (ob?.kind !== "onbuild") throw new Error("expected ONBUILD");
    expect(ob.trigger?.kind).toBe("copy");
    expect(ob.trigger?.flags[0]?.text).toBe("--from=b");
    expect(dump(doc).split("\n")[1]).toBe('(onbuild (copy ["--from=b"] "a" "/b"))');
  });

  it("comments, directives and the escape character", () => {
    const text = "# syntax=docker/dockerfile:1\n# escape=`\n# a comment\nFROM x\nRUN a `\n# inside\n  b\n";
    const doc = parse(text);
    expect(doc.escapeCharacter).toBe("`");
    expect(doc.directives.map((d) => [d.name, d.value, slice(text, d.valueRange)])).toEqual([
      ["syntax", "docker/dockerfile:1", "docker/dockerfile:1"],
      ["escape", "`", "`"],
    ]);
    expect(doc.comments.map((c) => [c.text, c.range.start.line])).toEqual([
      [" a comment", 2],
      [" inside", 5],
    ]);
    expect(doc.instructions[1]?.args[0]?.value).toBe("a   b");
  });
});

describe("fault tolerance", () => {
  it("keeps parsing after errors and reports them with ranges", () => {
    const text = "FROM x\nENV ONLYKEY\nFOO bar\nCMD [1]\nRUN <<EOF\nbody";
    const doc = parse(text);
    expect(doc.instructions.map((i) => i.kind)).toEqual(["from", "env", "unknown", "cmd", "run"]);
    expect(doc.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([
      ["missing-arguments", 1],
      ["unknown-instruction", 2],
      ["json-not-strings", 3],
      ["unterminated-heredoc", 4],
    ]);
    expect(doc.diagnostics.filter((d) => REFERENCE_ERROR_CODES.has(d.code))).toHaveLength(3);
  });
  it("survives pathological nesting and lengths without throwing", () => {
    // nested arrays are a JSON error; beyond Go's depth limit of 10,000 the text is shell form
    expect(
      parse(`FROM x\nCMD ${"[".repeat(5000)}${"]".repeat(5000)}\n`).diagnostics.map((d) => d.code),
    ).toEqual(["json-not-strings"]);
    expect(parse(`FROM x\nCMD ${"[".repeat(30000)}\n`).instructions[1]?.args).toHaveLength(1);
    expect(parse(`FROM x\nENV A=${"${a:-".repeat(5000)}\n`).instructions).toHaveLength(2);
    expect(
      parse(`FROM x\nRUN ${"a".repeat(70000)}\n`).diagnostics.map((d) => [d.code, d.range.start.line]),
    ).toEqual([["line-too-long", 1]]);
  });

  it("accepts CRLF, a BOM and no final newline", () => {
    const doc = parse("\ufeffFROM a\r\nRUN x \\\r\n  y\r\nCMD z");
    expect(dump(doc)).toBe('(from "a")\n(run "x   y")\n(cmd "z")');
    expect(doc.instructions[0]?.keywordRange.start).toEqual({ line: 0, character: 1, offset: 1 });
  });
  it("reports directive errors", () => {
    expect(parse("# escape=x\nFROM a\n").diagnostics[0]?.message).toBe(
      "invalid escape token 'x' does not match ` or \\",
    );
    expect(parse("# syntax=a\n# SYNTAX=b\nFROM a\n").diagnostics[0]?.message).toBe(
      "only one syntax parser directive can be used",
    );
  });
});
