import { describe, expect, it } from "vitest";
import {
  findPlainSecrets,
  findSecretReferences,
  parseSecretReferences,
  readJson,
  readYaml,
} from "../src/index.js";
import { span, summary, textAt } from "./helpers.js";

describe("parseSecretReferences", () => {
  it("finds references at the start, after = and after non-word characters, not inside words", () => {
    const refs = parseSecretReferences("DB=svc:secret/data/app/db#password --x=svc:kv/a#b mysvc:no/x#y");
    expect(refs.map((r) => [r.text, r.mount, r.path, r.field, r.start])).toEqual([
      ["svc:secret/data/app/db#password", "secret", "data/app/db", "password", 3],
      ["svc:kv/a#b", "kv", "a", "b", 39],
    ]);
    expect(refs.every((r) => r.problems.length === 0)).toBe(true);
  });

  it("stops at whitespace, quotes and separators", () => {
    expect(parseSecretReferences("'svc:s/a#b', x").map((r) => r.text)).toEqual(["svc:s/a#b"]);
    expect(parseSecretReferences("(svc:s/a#b)").map((r) => r.text)).toEqual(["svc:s/a#b"]);
  });

  it.each([
    [
      "svc:",
      [
        "Secret reference has no mount and path (svc:<mount>/<path>#<field>).",
        "Secret reference has no field: add #<field> (svc:<mount>/<path>#<field>).",
      ],
    ],
    [
      "svc:secret#password",
      ['Secret reference names the mount "secret" but no path after it (svc:<mount>/<path>#<field>).'],
    ],
    ["svc:secret/app/db", ["Secret reference has no field: add #<field> (svc:<mount>/<path>#<field>)."]],
    ["svc:secret/app/db#", ["Secret reference has an empty field after '#'."]],
    ["svc:/secret/app#x", ["Secret reference must not start with '/': write svc:<mount>/<path>."]],
    [
      "svc:secret/app./db#x",
      ["Path segment \"app.\" ends in '.', which the secrets service rejects (secrets API §4)."],
    ],
    ["svc:secret//db#x", ["Secret reference has an empty path segment ('//')."]],
    ["svc:secret/a$b#x", ['Character "$" is not allowed in a secret path.']],
    ["svc:secret/a#pass*word", ['Character "*" is not allowed in a field name.']],
  ])("%s → syntax problems", (text, messages) => {
    const [ref] = parseSecretReferences(text);
    expect(ref!.problems.map((p) => p.message)).toEqual(messages);
  });

  it("gives each problem the span of the offending characters", () => {
    const [ref] = parseSecretReferences("svc:secret/app./db#pa*ss");
    expect(ref!.problems.map((p) => ref!.text.slice(p.start, p.end))).toEqual(["app.", "*"]);
  });
});

describe("findSecretReferences: ranges through YAML and JSON quoting", () => {
  const refsIn = (text: string, format: "yaml" | "json") => {
    const read = format === "yaml" ? readYaml(text) : readJson(text);
    return findSecretReferences(read.documents[0]!.root, { text, lines: read.lines, document: 0 });
  };

  it("plain, single-quoted ('' escape) and double-quoted (\\ escapes) YAML scalars", () => {
    const text = [
      "Env:",
      "  - DB_PASSWORD=svc:secret/data/app/db#password",
      "  - 'NOTE=it''s svc:secret/data/app/db#user'",
      '  - "TAB=\\t\\u00e9 svc:secret/data/app/api#token"',
      'Labels: {token: "svc:secret/data/x/y#z"}',
    ].join("\n");
    const { references, findings } = refsIn(text, "yaml");
    expect(findings).toEqual([]);
    expect(references.map((r) => [textAt(text, r.range), span(r.range), r.exact])).toEqual([
      ["svc:secret/data/app/db#password", "1:16-1:47", true],
      ["svc:secret/data/app/db#user", "2:16-2:43", true],
      ["svc:secret/data/app/api#token", "3:18-3:47", true],
      ["svc:secret/data/x/y#z", "4:17-4:38", true],
    ]);
    expect(references.map((r) => r.valuePath)).toEqual([
      ["Env", 0],
      ["Env", 1],
      ["Env", 2],
      ["Labels", "token"],
    ]);
  });

  it("an escape inside the reference maps the range over the escape sequence", () => {
    const text = '{"Env": ["K=svc:secret\\/data\\u002Fa#f"]}';
    const { references } = refsIn(text, "json");
    expect(references[0]!.location).toBe("secret/data/a");
    expect(textAt(text, references[0]!.range)).toBe("svc:secret\\/data\\u002Fa#f");
  });

  it("block scalars and multi-line plain scalars are located by their text", () => {
    const text = "Cmd: |\n  run --token=svc:secret/data/ci#token\n  done\nEntrypoint: a\n  svc:kv/b#c\n";
    const { references } = refsIn(text, "yaml");
    expect(references.map((r) => [span(r.range), r.exact])).toEqual([
      ["1:14-1:38", true],
      ["4:2-4:12", true],
    ]);
  });

  it("falls back to the whole string when the reference text occurs differently in the source", () => {
    const text = 'Cmd: "a \\\n  svc:s/a#b svc:s/a#b"\n';
    const { references } = refsIn(text, "yaml");
    expect(references).toHaveLength(2);
    expect(references.every((r) => !r.exact && span(r.range) === "0:5-1:22")).toBe(true);
  });

  it("reports syntax problems at the offending characters inside quoted strings", () => {
    const text = 'Env:\n  - "A=svc:secret/app./db#pa*ss"\n  - B=svc:secret\n';
    const { findings } = refsIn(text, "yaml");
    expect(summary(findings)).toEqual([
      "secret-ref/syntax@1:18-1:22",
      "secret-ref/syntax@1:28-1:29",
      "secret-ref/syntax@2:10-2:16",
      "secret-ref/syntax@2:6-2:16",
    ]);
    expect(findings.map((f) => textAt(text, f.range))).toEqual(["app.", "*", "secret", "svc:secret"]);
  });
});

describe("findPlainSecrets", () => {
  it("flags secret-looking Env and Labels values written in plain text, never quoting them", () => {
    const text = [
      "Env:",
      "  - DB_PASSWORD=hunter2",
      "  - DB_PASSWORD_FILE=/run/secrets/db",
      "  - API_TOKEN=svc:secret/data/api#token",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} placeholder in a manifest
      "  - GITHUB_TOKEN=${GITHUB_TOKEN}",
      "  - LOG_LEVEL=debug",
      "  - PWD=/srv",
      "TaskTemplate:",
      "  ContainerSpec:",
      '    Env: ["AWS_SECRET_ACCESS_KEY=abc"]',
      "Labels:",
      "  com.example.api-key: k-123",
    ].join("\n");
    const read = readYaml(text);
    const findings = findPlainSecrets(read.documents[0]!.root, { text, lines: read.lines, document: 0 });
    expect(summary(findings)).toEqual([
      "secret/plain-value@1:16-1:23",
      "secret/plain-value@9:33-9:36",
      "secret/plain-value@11:23-11:28",
    ]);
    expect(findings.map((f) => f.path)).toEqual([
      ["Env", 0],
      ["TaskTemplate", "ContainerSpec", "Env", 0],
      ["Labels", "com.example.api-key"],
    ]);
    for (const finding of findings) {
      expect(finding.message).not.toMatch(/hunter2|abc|k-123/);
    }
  });
});
