// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Compose text, where ${…} is interpolation syntax
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { findings, findingsOf } from "./helpers.js";

test("the vendored schema is the pinned one (src/schema/README.md)", () => {
  const text = readFileSync(new URL("../src/schema/compose-spec.json", import.meta.url));
  expect(createHash("sha256").update(text).digest("hex")).toBe(
    "46b7d35f19dd93a05f8fea530291bf84d881c1791ec167ecf0e6fb94e639d496",
  );
});

describe("compose/unknown-key", () => {
  test("an unknown service key with the closest known key, and a fix renaming it", () => {
    expect(
      findingsOf("compose/unknown-key", { "compose.yaml": "services:\n  web:\n    imag: nginx\n" }),
    ).toEqual([
      'compose.yaml:3:5-3:9 compose/unknown-key services.web: unknown key "imag"; did you mean "image"?',
    ]);
  });
  test("top level, nested, and x- extensions allowed everywhere", () => {
    expect(
      findingsOf("compose/unknown-key", {
        "compose.yaml":
          "servics: {}\nx-ok: 1\nservices:\n  web:\n    image: x\n    x-ok: 2\n    healthcheck: {intervl: 1s}\n",
      }),
    ).toEqual([
      'compose.yaml:1:1-1:8 compose/unknown-key unknown key "servics"; did you mean "services"?',
      'compose.yaml:7:19-7:26 compose/unknown-key services.web.healthcheck: unknown key "intervl"; did you mean "interval"?',
    ]);
  });
  test("the key in the override file that wrote it", () => {
    expect(
      findingsOf("compose/unknown-key", {
        "compose.yaml": "services: {web: {image: x}}\n",
        "compose.override.yaml": "services:\n  web:\n    restrat: always\n",
      }),
    ).toEqual([
      'compose.override.yaml:3:5-3:12 compose/unknown-key services.web: unknown key "restrat"; did you mean "restart"?',
    ]);
  });
});

describe("compose/schema", () => {
  test.each([
    [
      "wrong type",
      "services:\n  web:\n    image: x\n    ports: 80\n",
      ["compose.yaml:4:12-4:14 compose/schema services.web.ports must be a sequence, not a number"],
    ],
    [
      "enum",
      "services:\n  web:\n    image: x\n    depends_on: {db: {condition: up}}\n  db: {image: y}\n",
      [
        'compose.yaml:4:34-4:36 compose/schema services.web.depends_on.db.condition must be one of "service_started", "service_healthy", "service_completed_successfully"',
      ],
    ],
    [
      "oneOf of types as one message",
      "services:\n  web:\n    image: x\n    build: 3\n",
      [
        "compose.yaml:4:12-4:13 compose/schema services.web.build must be a string or a mapping, not a number",
      ],
    ],
    [
      "required key at the object's key",
      "services:\n  web:\n    image: x\n    depends_on: {db: {restart: true}}\n  db: {image: y}\n",
      ['compose.yaml:4:18-4:20 compose/schema services.web.depends_on.db: "condition" is required'],
    ],
    [
      "an interpolated value is checked after interpolation",
      "services:\n  web:\n    image: x\n    read_only: ${RO:-true}\n    cpus: [1]\n",
      [
        "compose.yaml:5:11-5:14 compose/schema services.web.cpus must be a number or a string, not a sequence",
      ],
    ],
  ])("%s", (_, text, expected) => {
    expect(findingsOf("compose/schema", { "compose.yaml": text })).toEqual(expected);
  });

  test("a valid file has no finding at all", () => {
    expect(
      findings({
        "compose.yaml":
          "name: app\nservices:\n  web:\n    image: nginx:1.27\n    ports: ['8080:80']\n    depends_on: [db]\n    healthcheck: {test: [CMD, 'true'], interval: 10s}\n  db:\n    image: postgres:16\n    volumes: [data:/var/lib/postgresql/data]\nvolumes:\n  data: {}\n",
      }),
    ).toEqual([]);
  });
});
