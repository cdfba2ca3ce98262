// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Compose text, where ${…} is interpolation syntax
import { toPlainValue } from "@enginekit/manifests";
import { describe, expect, test } from "vitest";
import { nodeAt } from "../src/index.js";
import { project, show } from "./helpers.js";

const plain = (files: Record<string, string>, options = {}) => toPlainValue(project(files, options).model!);

describe("which files make the project", () => {
  test("compose.yaml wins over docker-compose.yml, and the first override file is merged after it", () => {
    const p = project({
      "compose.yaml": "services: {a: {image: one}}\n",
      "docker-compose.yml": "services: {a: {image: two}}\n",
      "compose.override.yml": "services: {a: {image: three}}\n",
      "docker-compose.override.yml": "services: {a: {image: four}}\n",
    });
    expect(p.files).toEqual(["/p/compose.yaml", "/p/compose.override.yml"]);
    expect(toPlainValue(p.model!)).toEqual({ services: { a: { image: "three" } } });
  });

  test("found in a parent folder; the project directory is the file's folder", () => {
    const p = project({ "docker-compose.yml": "services: {a: {image: x}}\n" }, { workingDir: "/p/sub/dir" });
    expect(p.files).toEqual(["/p/docker-compose.yml"]);
    expect(p.projectDirectory).toBe("/p");
    expect(p.name).toBe("p");
  });

  test("-f files in order, else COMPOSE_FILE with COMPOSE_PATH_SEPARATOR", () => {
    const files = { "a.yml": "services: {s: {image: a}}\n", "b.yml": "services: {s: {image: b}}\n" };
    expect(project(files, { files: ["b.yml", "a.yml"] }).files).toEqual(["/p/b.yml", "/p/a.yml"]);
    const p = project(files, { environment: { COMPOSE_FILE: "a.yml;b.yml", COMPOSE_PATH_SEPARATOR: ";" } });
    expect(p.files).toEqual(["/p/a.yml", "/p/b.yml"]);
    expect(toPlainValue(p.model!)).toEqual({ services: { s: { image: "b" } } });
  });

  test("no file: one compose/file error", () => {
    expect(project({}).findings.map(show)).toEqual([
      expect.stringContaining("compose/file no configuration file provided: not found"),
    ]);
  });

  test("the project name: option, then name:, then COMPOSE_PROJECT_NAME, then the folder, normalized", () => {
    expect(project({ "compose.yaml": "name: My_App\nservices: {}\n" }).name).toBe("my_app");
    expect(
      project({ "compose.yaml": "services: {}\n" }, { environment: { COMPOSE_PROJECT_NAME: "Env" } }).name,
    ).toBe("env");
    expect(project({ "compose.yaml": "name: x\n" }, { projectName: "opt" }).name).toBe("opt");
  });
});

describe("merging an override file (compose-go override rules)", () => {
  const base = [
    "services:",
    "  web:",
    "    image: web:1",
    "    command: [run, a]",
    "    environment: [A=1, B=2]",
    "    ports: ['80:80']",
    "    volumes: ['./a:/data', 'logs:/logs']",
    "    depends_on: {db: {condition: service_healthy}}",
    "    labels: {x: '1'}",
    "    x-meta: {a: 1}",
    "    logging: {driver: json-file, options: {max-size: 1m}}",
    "",
  ].join("\n");
  const override = [
    "services:",
    "  web:",
    "    command: [run, b]",
    "    environment: {B: '3', C: '4'}",
    "    ports: ['80:80', '443:443']",
    "    volumes: ['./b:/data']",
    "    depends_on: [cache]",
    "    labels: !reset {}",
    "    x-meta: {b: 2}",
    "    logging: {driver: syslog}",
    "",
  ].join("\n");
  test("each key as Compose merges it", () => {
    expect(plain({ "compose.yaml": base, "compose.override.yaml": override })).toEqual({
      services: {
        web: {
          image: "web:1",
          command: ["run", "b"],
          environment: { A: "1", B: "3", C: "4" },
          ports: ["80:80", "443:443"],
          volumes: ["./b:/data", "logs:/logs"],
          depends_on: {
            db: { condition: "service_healthy" },
            cache: { condition: "service_started", required: true },
          },
          "x-meta": { b: 2 },
          logging: { driver: "syslog" },
        },
      },
    });
  });

  test("!override replaces a mapping instead of merging it", () => {
    expect(
      plain({
        "compose.yaml": "services: {s: {image: i, environment: {A: '1'}}}\n",
        "compose.override.yaml": "services:\n  s:\n    environment: !override\n      B: '2'\n",
      }),
    ).toEqual({ services: { s: { image: "i", environment: { B: "2" } } } });
  });

  test("a mapping over a sequence is a compose/merge error at the override", () => {
    const p = project({
      "compose.yaml": "services: {s: {image: i, dns: [1.1.1.1]}}\n",
      "compose.override.yaml": "services:\n  s:\n    dns: {a: b}\n",
    });
    expect(p.findings.map(show)).toEqual([
      "compose.override.yaml:3:10-3:16 compose/merge cannot override services.s.dns: a mapping cannot replace a sequence",
    ]);
  });
});

describe("extends", () => {
  test("same file and another file, merged as an override; the values keep their files and ranges", () => {
    const p = project({
      "compose.yaml": [
        "services:",
        "  base:",
        "    image: base:1",
        "    environment: {A: '1'}",
        "  web:",
        "    extends: base",
        "    environment: {B: '2'}",
        "  other:",
        "    extends: {file: common/services.yml, service: shared}",
        "",
      ].join("\n"),
      "common/services.yml": "services:\n  shared:\n    image: shared:2\n    cpus: 0.5\n",
    });
    expect(toPlainValue(p.model!)).toEqual({
      services: {
        base: { image: "base:1", environment: { A: "1" } },
        web: { image: "base:1", environment: { A: "1", B: "2" } },
        other: { image: "shared:2", cpus: 0.5 },
      },
    });
    const cpus = nodeAt(p.model, ["services", "other", "cpus"])!;
    expect([cpus.file, cpus.range.start.line, cpus.range.start.character]).toEqual([
      "/p/common/services.yml",
      3,
      10,
    ]);
    expect(p.findings).toEqual([]);
  });

  test("a cycle and an unknown service are compose/extends errors at the reference", () => {
    const p = project({
      "compose.yaml":
        "services:\n  a: {image: x, extends: b}\n  b: {image: y, extends: a}\n  c: {image: z, extends: nope}\n",
    });
    expect(p.findings.map(show)).toEqual([
      "compose.yaml:3:26-3:27 compose/extends Circular reference with extends: a -> b -> a",
      'compose.yaml:4:26-4:30 compose/extends cannot extend service "c": service "nope" not found in compose.yaml',
    ]);
  });
});

describe("include", () => {
  test("an included project's resources are imported, interpolated with its own env file", () => {
    const p = project({
      "compose.yaml":
        "include:\n  - path: sub/compose.yaml\nservices:\n  web: {image: web, depends_on: [db]}\n",
      "sub/compose.yaml": "services:\n  db: {image: 'postgres:${PG}'}\n",
      "sub/.env": "PG=16\n",
    });
    expect(toPlainValue(p.model!)).toEqual({
      services: { web: { image: "web", depends_on: ["db"] }, db: { image: "postgres:16" } },
    });
    const image = nodeAt(p.model, ["services", "db", "image"]);
    expect(image?.kind === "scalar" && image.variables).toEqual([
      {
        name: "PG",
        range: { start: { line: 1, character: 24, offset: 34 }, end: { line: 1, character: 29, offset: 39 } },
        source: "env-file",
        envFile: "/p/sub/.env",
      },
    ]);
  });

  test("a conflicting resource and an include cycle are compose/include errors", () => {
    const p = project({
      "compose.yaml": "include: [sub.yaml]\nservices:\n  db: {image: mine}\n",
      "sub.yaml": "include: [compose.yaml]\nservices:\n  db: {image: theirs}\n",
    });
    expect(p.findings.map(show)).toEqual([
      "sub.yaml:1:11-1:23 compose/include include cycle detected: compose.yaml -> sub.yaml -> compose.yaml",
      "compose.yaml:3:3-3:5 compose/include services.db conflicts with imported resource from sub.yaml",
    ]);
  });
});

describe("interpolation and env files", () => {
  test("the process environment wins over .env; --env-file replaces .env; ranges point at ${…}", () => {
    const files = {
      "compose.yaml": 'services:\n  s:\n    image: "app:${TAG}"\n    user: $USER_ID\n',
      ".env": "TAG=from-dotenv\nUSER_ID=1000\n",
      "ci.env": "TAG=from-ci\n",
    };
    expect(plain(files)).toEqual({ services: { s: { image: "app:from-dotenv", user: "1000" } } });
    expect(plain(files, { environment: { TAG: "from-env" } })).toEqual({
      services: { s: { image: "app:from-env", user: "1000" } },
    });
    const p = project(files, { envFiles: ["ci.env"] });
    expect(toPlainValue(p.model!)).toEqual({ services: { s: { image: "app:from-ci", user: "" } } });
    expect(p.findings.map(show)).toEqual([
      'compose.yaml:4:11-4:19 compose/unset-variable The "USER_ID" variable is not set. Defaulting to a blank string.',
    ]);
  });

  test("a required variable without value is an error at its expression; a missing --env-file too", () => {
    const p = project(
      { "compose.yaml": "services:\n  s:\n    image: x\n    command: [a, '${NEED:?set NEED}']\n" },
      { envFiles: ["nope.env"] },
    );
    expect(p.findings.map(show)).toEqual([
      "nope.env:1:1-1:1 compose/file env file /p/nope.env not found",
      "compose.yaml:4:19-4:36 compose/interpolation required variable NEED is missing a value: set NEED",
    ]);
  });

  test("keys are not interpolated, $$ is a literal $", () => {
    expect(
      plain({ "compose.yaml": "services:\n  s:\n    image: x\n    environment: {'${K}': '$$HOME'}\n" }),
    ).toEqual({
      services: { s: { image: "x", environment: { "${K}": "$HOME" } } },
    });
  });
});

describe("YAML", () => {
  test("anchors and merge keys: values keep the anchored text's range", () => {
    const p = project({
      "compose.yaml":
        "x-common: &common\n  restart: always\n  image: base\nservices:\n  a:\n    <<: *common\n    image: own\n",
    });
    expect(toPlainValue(p.model!)).toEqual({
      "x-common": { restart: "always", image: "base" },
      services: { a: { restart: "always", image: "own" } },
    });
    expect(nodeAt(p.model, ["services", "a", "restart"])?.range.start.line).toBe(1);
  });

  test("!reset in a single file removes the value; duplicate keys are errors", () => {
    const p = project({
      "compose.yaml": "services:\n  a:\n    image: x\n    ports: !reset ['1:1']\n    image: y\n",
    });
    expect(toPlainValue(p.model!)).toEqual({ services: { a: { image: "y" } } });
    expect(p.findings.map((f) => f.code)).toEqual(["compose/duplicate-key"]);
  });

  test("a root that is not a mapping is a syntax error", () => {
    expect(project({ "compose.yaml": "- a\n" }).findings.map(show)).toEqual([
      "compose.yaml:1:1-2:1 compose/syntax Top-level object must be a mapping.",
    ]);
  });
});

test("profiles come from the option, else COMPOSE_PROFILES", () => {
  const files = { "compose.yaml": "services: {a: {image: x, profiles: [debug]}}\n" };
  expect(project(files).profiles).toEqual([]);
  expect(project(files, { environment: { COMPOSE_PROFILES: "debug,ops" } }).profiles).toEqual([
    "debug",
    "ops",
  ]);
  expect(project(files, { profiles: ["x"] }).profiles).toEqual(["x"]);
});
