import { applyTextEdits } from "@enginekit/text";
import { describe, expect, it } from "vitest";
import { dump, format, formatEdits, parse, printLossless } from "../src/index.js";

describe("printer", () => {
  it("prints an unchanged document exactly (BOM, CRLF, comments, heredocs, trailing text)", () => {
    const text =
      "\ufeff# syntax=x\r\n  from a \\\r\n # c\r\n  b\r\nRUN <<EOF\r\n  body  \r\nEOF\r\n\r\n# end  ";
    expect(printLossless(parse(text))).toBe(text);
  });

  it("formats keywords, flag spacing, argument spacing and continuation indentation", () => {
    const text = [
      "  from   --platform=$P   alpine  as   build   ",
      "copy   --from=build   --chmod=644  a \\   ",
      "         b\t/dst/",
      "run   echo  'keep   this'  \\",
      "  and  this",
      "onbuild   run   x",
      "expose 80 \\",
      "# comment inside   ",
      "443",
      "",
    ].join("\n");
    expect(format(text)).toBe(
      [
        "FROM --platform=$P alpine as build",
        "COPY --from=build --chmod=644 a \\",
        "    b /dst/",
        "RUN echo  'keep   this' \\",
        "    and  this",
        "ONBUILD RUN x",
        "EXPOSE 80 \\",
        "# comment inside",
        "    443",
        "",
      ].join("\n"),
    );
  });

  it("never touches heredoc bodies, quoted COPY arguments or JSON forms", () => {
    const text = 'copy <<EOF  /x\n  body  \nEOF\ncopy "a  b"  /c\ncmd  [ "a",  "b" ]\n';
    expect(format(text)).toBe('COPY <<EOF  /x\n  body  \nEOF\nCOPY "a  b"  /c\nCMD [ "a",  "b" ]\n');
  });

  it("keeps CRLF line ends and a BOM, and honours the escape directive", () => {
    expect(format("\ufeff  from a  \r\nexpose  80  \\  \r\n 443\r\n")).toBe(
      "\ufeffFROM a\r\nEXPOSE 80 \\\r\n    443\r\n",
    );
    expect(format("# escape=`\nfrom a\ncopy a  `\n  b  /c\n")).toBe(
      "# escape=`\nFROM a\nCOPY a `\n    b /c\n",
    );
  });

  it("formatting is idempotent and keeps the dump", () => {
    const text = "from a\nenv A=1   B=2\nlabel x  y\nworkdir   /w  \n";
    const once = format(text);
    expect(format(once)).toBe(once);
    expect(dump(parse(once))).toBe(dump(parse(text)));
  });

  it("indents shell continuation lines where no quote is open, and keeps split words joined", () => {
    expect(format("run apt-get update  \\\n  && apt-get install -y \\\n\t\tcurl\n")).toBe(
      "RUN apt-get update \\\n    && apt-get install -y \\\n        curl\n",
    );
    expect(format("run echo 'a \\\n  b' \\\n c\n", { continuationIndent: "\t" })).toBe(
      "RUN echo 'a \\\n  b' \\\n\tc\n",
    );
    expect(format("run apt-get ins\\\ntall x\n")).toBe("RUN apt-get ins\\\ntall x\n");
    expect(format("run a \\\n# comment   kept\n  b\n")).toBe("RUN a \\\n# comment   kept\n    b\n");
    expect(format('cmd ["a",  \\\n  "b"]\n')).toBe('CMD ["a",  \\\n  "b"]\n');
  });

  it("keeps the nesting of a script's continuation lines: one indent per level they had", () => {
    // the shape of docker-library's postgres Dockerfile: tab-nested if/then/fi and a package list
    const text = [
      "RUN set -eux; \\",
      "\tif [ -f /etc/x ]; then \\",
      "\t\tapt-get install -y \\",
      "\t\t\tgnupg \\",
      "\t\t; \\",
      "\tfi; \\",
      "# a comment line stays as it is",
      "\tfor v in a b; do \\",
      '\t\techo "$v"; \\',
      "\tdone",
      "",
    ].join("\n");
    expect(format(text)).toBe(
      [
        "RUN set -eux; \\",
        "    if [ -f /etc/x ]; then \\",
        "        apt-get install -y \\",
        "            gnupg \\",
        "        ; \\",
        "    fi; \\",
        "# a comment line stays as it is",
        "    for v in a b; do \\",
        '        echo "$v"; \\',
        "    done",
        "",
      ].join("\n"),
    );
    // with tabs, a tab-nested script is already formatted
    expect(format(text, { continuationIndent: "\t" })).toBe(text);
    // uneven widths keep their order: 2 < 3 < 8 columns become one, two and three indents
    expect(format("RUN a \\\n  b \\\n   c \\\n\td\n", { continuationIndent: "  " })).toBe(
      "RUN a \\\n  b \\\n    c \\\n      d\n",
    );
  });

  it("formatEdits gives the foundation's TextEdits: in order, no no-op, positions matching their offsets, applied by applyTextEdits to format's result", () => {
    const texts = [
      "  from   --platform=$P   alpine  as   build   \ncopy   a \\   \n         b\t/dst/\nrun   echo  'keep'  \\\n  and  this\n",
      "\ufeff  from a  \r\nexpose  80  \\  \r\n 443\r\n",
      "# escape=`\nfrom a\ncopy a  `\n  b  /c\nRUN <<EOF\n  body  \nEOF\n",
      "FROM a\nRUN b\n",
    ];
    for (const text of texts) {
      const doc = parse(text);
      const edits = formatEdits(doc);
      expect(applyTextEdits(text, edits)).toBe(format(text));
      for (const [i, e] of edits.entries()) {
        expect(Object.keys(e).sort()).toEqual(["newText", "range"]);
        expect(text.slice(e.range.start.offset, e.range.end.offset)).not.toBe(e.newText);
        const previous = edits[i - 1];
        if (previous) expect(previous.range.end.offset).toBeLessThanOrEqual(e.range.start.offset);
        for (const p of [e.range.start, e.range.end]) {
          // the parser's lines (\n only): the line's start plus the character is the offset
          const lineStart = text.split("\n").slice(0, p.line).join("\n").length + (p.line > 0 ? 1 : 0);
          expect(lineStart + p.character).toBe(p.offset);
        }
      }
    }
    expect(formatEdits(parse("FROM a\nRUN b\n"))).toEqual([]);
  });
});
