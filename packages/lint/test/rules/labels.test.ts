import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { lintFiles } from "../../src/node/lint-files.js";
import labelEmpty from "../../src/rules/labels/label-empty.js";
import labelKeyInvalid from "../../src/rules/labels/label-key-invalid.js";
import labelRequired from "../../src/rules/labels/label-required.js";
import labelSuperfluous from "../../src/rules/labels/label-superfluous.js";
import labelValueFormat from "../../src/rules/labels/label-value-format.js";
import { testRule } from "../../src/testing/rule-tester.js";

const schema = {
  enginefile: {
    labelSchema: {
      version: "semver",
      source: "url",
      created: "rfc3339",
      license: "spdx",
      revision: "hash",
      maintainer: "email",
      title: "text",
    } as const,
  },
};

testRule(labelKeyInvalid, {
  valid: [{ code: 'FROM a:1\nLABEL org.opencontainers.image.title="x" a-b.c=1 $KEY=2\n' }],
  invalid: [
    {
      code: "FROM a:1\nLABEL Bad_Key=1 io.docker.x=2 a..b=3 -a=4\n",
      errors: ["2:7-2:14", { range: "2:17-2:28", message: "reserved" }, "2:31-2:35", "2:38-2:40"],
    },
    // a key starts with a letter; a digit may end it
    { code: "FROM a:1\nLABEL 2fa.enabled=yes build.step2=ok\n", errors: ["2:7-2:18"] },
  ],
});

testRule(labelRequired, {
  valid: [
    { code: "FROM a:1\n" },
    {
      code: "FROM a:1 AS base\nLABEL version=1.0.0 source=https://x created=2024-05-01T12:00:00Z\nFROM base\nLABEL license=MIT revision=abcdef0 maintainer=a@b.c title=t\n",
      settings: schema,
    },
  ],
  invalid: [
    {
      code: "FROM a:1\nLABEL version=1.0.0 source=https://x created=2024-05-01T12:00:00Z license=MIT revision=abcdef0\nFROM b:1\nLABEL maintainer=a@b.c title=t version=1.0.0 source=https://x created=2024-05-01T12:00:00Z license=MIT\n",
      errors: [{ range: "3:1-3:5", message: "no label revision" }],
      settings: schema,
    },
  ],
});

testRule(labelSuperfluous, {
  valid: [{ code: "FROM a:1\nLABEL other=1\n", settings: schema }],
  invalid: [
    {
      code: "FROM a:1\nLABEL version=1.0.0 other=1\n",
      errors: ["2:21-2:26"],
      settings: { enginefile: { ...schema.enginefile, strictLabels: true } },
    },
  ],
});

testRule(labelEmpty, {
  valid: [{ code: 'FROM a:1\nLABEL other=""\n', settings: schema }],
  invalid: [{ code: 'FROM a:1\nLABEL version=""\n', errors: ["2:7-2:17"], settings: schema }],
});

testRule(labelValueFormat, {
  valid: [
    {
      code: 'FROM a:1\nLABEL version=1.2.3-rc.1+b5 source=https://example.com/x created="2024-05-01T12:00:00+02:00" license="Apache-2.0 OR MIT" revision=0123456789abcdef0123456789abcdef01234567 maintainer="Ann <ann@example.com>" title="any thing" version=$V\n',
      settings: schema,
    },
  ],
  invalid: [
    {
      code: "FROM a:1\nLABEL version=1.2 source=example.com created=2024-05-01 license=MITT revision=xyz maintainer=ann\n",
      errors: [
        { range: "2:15-2:18", message: "SemVer" },
        "2:26-2:37",
        "2:46-2:56",
        "2:65-2:69",
        "2:79-2:82",
        "2:94-2:97",
      ],
      settings: schema,
    },
  ],
});

test("labelSchema and strictLabels come from .enginekit.yaml", async () => {
  const root = mkdtempSync(join(tmpdir(), "enginekit-labels-"));
  try {
    writeFileSync(join(root, ".enginekit.yaml"), "labelSchema:\n  version: semver\nstrictLabels: true\n");
    writeFileSync(join(root, "Enginefile"), "FROM alpine:3.20\nLABEL version=one extra=1\n");
    const [r] = await lintFiles(["Enginefile"], { cwd: root, workers: 0, shellcheck: false });
    expect(r!.findings.filter((f) => f.ruleId.startsWith("label-")).map((f) => f.ruleId)).toEqual([
      "label-value-format",
      "label-superfluous",
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
