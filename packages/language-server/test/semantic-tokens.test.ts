// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Enginefile text with ${…} variable references
import { analyzeEnginefile } from "@enginekit/lint";
import { describe, expect, it } from "vitest";
import { TOKEN_TYPES } from "../src/kinds/enginefile/capabilities.js";
import { enginefileSemanticTokens } from "../src/kinds/enginefile/semantic-tokens.js";

/** Decodes LSP's relative encoding into `line:character text type[+modifiers]`. */
function decode(text: string, data: number[]): string[] {
  const lines = text.split("\n");
  const out: string[] = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i]!;
    character = data[i] === 0 ? character + data[i + 1]! : data[i + 1]!;
    const word = lines[line]!.slice(character, character + data[i + 2]!);
    out.push(
      `${line}:${character} ${word} ${TOKEN_TYPES[data[i + 3]!]}${data[i + 4] ? `+${data[i + 4]}` : ""}`,
    );
  }
  return out;
}

describe("semantic tokens", () => {
  it("marks every part in source order, comments inside continuations included", () => {
    const text = [
      "# syntax=docker/dockerfile:1",
      "# a comment",
      "ARG BASE=alpine",
      "FROM $BASE AS build",
      "ENV A=1 B=$A \\",
      "  # inside",
      "  C=${B}",
      "COPY --from=build /a /b",
      "RUN <<EOF",
      "echo hi",
      "EOF",
      "maintainer me",
      "",
    ].join("\n");
    expect(decode(text, enginefileSemanticTokens(analyzeEnginefile(text)))).toEqual([
      "0:2 syntax macro",
      "0:9 docker/dockerfile:1 string",
      "1:0 # a comment comment",
      "2:0 ARG keyword",
      "2:4 BASE variable+1",
      "3:0 FROM keyword",
      "3:5 $BASE variable",
      "3:14 build namespace+1",
      "4:0 ENV keyword",
      "4:4 A variable+1",
      "4:8 B variable+1",
      "4:10 $A variable",
      "5:2 # inside comment",
      "6:2 C variable+1",
      "6:4 ${B} variable",
      "7:0 COPY keyword",
      "7:5 --from parameter",
      "7:12 build namespace",
      "8:0 RUN keyword",
      "8:4 <<EOF string",
      "10:0 EOF string",
      "11:0 maintainer keyword+2",
    ]);
  });
});
