// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Compose text, where ${…} is interpolation syntax
/**
 * The navigation model (src/navigation/): which names a project defines and uses, with exact ranges, across
 * the project's files, override files, `include`d and `extends` files; rename edits and refusals; document
 * links; the outline.
 */
import { applyTextEdits } from "@enginekit/text";
import { describe, expect, test } from "vitest";
import {
  type ComposeSymbol,
  documentLinks,
  documentSymbols,
  type NameOccurrence,
  ProjectNavigation,
  readComposeFile,
  renameEdits,
} from "../src/index.js";
import { project } from "./helpers.js";

type Files = Record<string, string>;

const span = (o: { file: string; range: NameOccurrence["range"] }) =>
  `${o.file.replace(/^\/p\//, "")}:${o.range.start.line + 1}:${o.range.start.character + 1}-${o.range.end.line + 1}:${o.range.end.character + 1}`;

/** `file:l:c-l:c kind name def|ref via [fixed]` for every occurrence, in the model's order. */
function occurrences(files: Files, options = {}): string[] {
  const navigation = new ProjectNavigation(project(files, options));
  for (const o of navigation.occurrences)
    if (!o.fixed) {
      // a renamable occurrence's range holds exactly the name's characters
      const text = navigation.files.get(o.file)!.text;
      expect(text.slice(o.range.start.offset, o.range.end.offset)).toBe(o.name);
    }
  return navigation.occurrences.map(
    (o) => `${span(o)} ${o.kind} ${o.name} ${o.definition ? "def" : "ref"} ${o.via}${o.fixed ? " !" : ""}`,
  );
}

/** The offset of the `n`th (0-based) occurrence of `needle` in `text`, plus `shift`. */
function offsetOf(text: string, needle: string, n = 0, shift = 1): number {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`${needle} not in text`);
  return at + shift;
}

describe("what counts as a definition and a reference (compose-go)", () => {
  test("every service reference form, with the name's own characters", () => {
    expect(
      occurrences({
        "compose.yaml": [
          "services:", // 1
          "  db: {image: postgres, container_name: pg}", // 2
          "  web:", // 3
          "    image: web", // 4
          "    depends_on: [db, 'cache']", // 5
          "    links: [db:database, cache]", // 6
          "    volumes_from: [db, 'cache:ro', container:pg, service:db]", // 7
          "    network_mode: service:db", // 8
          "    ipc: container:pg", // 9
          "    pid: 'service:cache'", // 10
          "    external_links: [pg:alias]", // 11
          "  cache:", // 12
          "    image: redis", // 13
          "    depends_on:", // 14
          "      db: {condition: service_healthy}", // 15
          "    extends: db", // 16
          "  worker:", // 17
          "    extends: {service: web}", // 18
          "    build:", // 19
          "      context: .", // 20
          "      additional_contexts: {base: 'service:db', src: ./src}", // 21
          "  job:", // 22
          "    build: {context: ., additional_contexts: ['base=service:cache', 'x=./x']}", // 23
          "",
        ].join("\n"),
      }),
    ).toEqual([
      "compose.yaml:2:3-2:5 service db def services",
      "compose.yaml:2:41-2:43 container pg def container_name",
      "compose.yaml:3:3-3:6 service web def services",
      "compose.yaml:5:18-5:20 service db ref depends_on",
      "compose.yaml:5:23-5:28 service cache ref depends_on",
      "compose.yaml:6:13-6:15 service db ref links",
      "compose.yaml:6:26-6:31 service cache ref links",
      "compose.yaml:11:22-11:24 container pg ref external_links",
      "compose.yaml:7:20-7:22 service db ref volumes_from",
      "compose.yaml:7:25-7:30 service cache ref volumes_from",
      "compose.yaml:7:46-7:48 container pg ref volumes_from",
      "compose.yaml:7:58-7:60 service db ref volumes_from",
      "compose.yaml:8:27-8:29 service db ref network_mode",
      "compose.yaml:9:20-9:22 container pg ref ipc",
      "compose.yaml:10:19-10:24 service cache ref pid",
      "compose.yaml:12:3-12:8 service cache def services",
      "compose.yaml:15:7-15:9 service db ref depends_on",
      "compose.yaml:16:14-16:16 service db ref extends",
      "compose.yaml:17:3-17:9 service worker def services",
      "compose.yaml:18:24-18:27 service web ref extends.service",
      "compose.yaml:21:44-21:46 service db ref build.additional_contexts",
      "compose.yaml:22:3-22:6 service job def services",
      "compose.yaml:23:61-23:66 service cache ref build.additional_contexts",
    ]);
  });

  test("networks, named volumes (not bind mounts), secrets and configs, short and long forms", () => {
    expect(
      occurrences({
        "compose.yaml": [
          "services:", // 1
          "  web:", // 2
          "    image: web", // 3
          "    networks: [front, back]", // 4
          "    volumes:", // 5
          "      - data:/var/lib/data", // 6
          "      - ./src:/src", // 7
          "      - /tmp", // 8
          "      - {type: volume, source: logs, target: /logs}", // 9
          "      - {type: bind, source: ./x, target: /x}", // 10
          "    secrets: [token, {source: key, target: k}]", // 11
          "    configs: [{source: conf}]", // 12
          "    build: {context: ., secrets: [token]}", // 13
          "  api:", // 14
          "    image: api", // 15
          "    networks:", // 16
          '      "front": {aliases: [a]}', // 17
          "networks: {front: {}, back: {}}", // 18
          "volumes: {data: {}, logs: {}}", // 19
          "secrets: {token: {file: ./t}, key: {environment: K}}", // 20
          "configs: {conf: {file: ./c}}", // 21
          "",
        ].join("\n"),
      }),
    ).toEqual([
      "compose.yaml:2:3-2:6 service web def services",
      "compose.yaml:13:35-13:40 secret token ref build.secrets",
      "compose.yaml:4:16-4:21 network front ref networks",
      "compose.yaml:4:23-4:27 network back ref networks",
      "compose.yaml:6:9-6:13 volume data ref volumes",
      "compose.yaml:9:32-9:36 volume logs ref volumes.source",
      "compose.yaml:11:15-11:20 secret token ref secrets",
      "compose.yaml:11:31-11:34 secret key ref secrets",
      "compose.yaml:12:24-12:28 config conf ref configs",
      "compose.yaml:14:3-14:6 service api def services",
      "compose.yaml:17:8-17:13 network front ref networks",
      "compose.yaml:18:12-18:17 network front def networks",
      "compose.yaml:18:23-18:27 network back def networks",
      "compose.yaml:19:11-19:15 volume data def volumes",
      "compose.yaml:19:21-19:25 volume logs def volumes",
      "compose.yaml:20:11-20:16 secret token def secrets",
      "compose.yaml:20:31-20:34 secret key def secrets",
      "compose.yaml:21:11-21:15 config conf def configs",
    ]);
  });

  test("an anchored list used by two services is one occurrence, at the anchor", () => {
    expect(
      occurrences({
        "compose.yaml": [
          "x-deps: &deps [db]",
          "services:",
          "  db: {image: postgres}",
          "  a: {image: a, depends_on: *deps}",
          "  b: {image: b, depends_on: *deps}",
          "",
        ].join("\n"),
      }).filter((o) => o.includes(" db ")),
    ).toEqual([
      "compose.yaml:3:3-3:5 service db def services",
      "compose.yaml:1:16-1:18 service db ref depends_on",
    ]);
  });

  test("a name that comes from interpolation resolves with the project's variables and is marked", () => {
    expect(
      occurrences(
        {
          "compose.yaml":
            "services:\n  db: {image: pg}\n  web: {image: w, network_mode: 'service:${DB}', depends_on: [\"d\\x62\"]}\n",
        },
        { environment: { DB: "db" } },
      ),
    ).toEqual([
      "compose.yaml:2:3-2:5 service db def services",
      "compose.yaml:3:3-3:6 service web def services",
      "compose.yaml:3:63-3:70 service db ref depends_on !",
      "compose.yaml:3:33-3:48 service db ref network_mode !",
    ]);
  });
});

describe("definitions and references across the project's files", () => {
  const files: Files = {
    "compose.yaml": [
      "include: [lib/compose.yaml]", // 1
      "services:", // 2
      "  web:", // 3
      "    image: web", // 4
      "    depends_on: [db]", // 5
      "  admin:", // 6
      "    extends: {file: common.yml, service: base}", // 7
      "",
    ].join("\n"),
    "docker-compose.override.yml": [
      "services:", // 1
      "  web:", // 2
      "    links: [db]", // 3
      "  db:", // 4
      "    environment: [DEBUG=1]", // 5
      "",
    ].join("\n"),
    "lib/compose.yaml": [
      "services:", // 1
      "  db:", // 2
      "    image: postgres", // 3
      "  backup:", // 4
      "    image: backup", // 5
      "    volumes_from: [db]", // 6
      "",
    ].join("\n"),
    "common.yml": [
      "services:", // 1
      "  base:", // 2
      "    image: base", // 3
      "    depends_on: [db]", // 4
      "  db:", // 5
      "    image: not-the-project-db", // 6
      "",
    ].join("\n"),
  };

  test("the project reads the override, the included and the extends file", () => {
    expect(
      [...new ProjectNavigation(project(files)).files.values()].map((f) => [f.file, f.projectScoped]),
    ).toEqual([
      ["/p/compose.yaml", true],
      ["/p/common.yml", false],
      ["/p/lib/compose.yaml", true],
      ["/p/docker-compose.override.yml", true],
    ]);
  });

  test("go to definition of db from compose.yaml: the included file's and the override's definitions", () => {
    const navigation = new ProjectNavigation(project(files));
    const at = offsetOf(files["compose.yaml"]!, "[db]", 0, 2);
    expect(navigation.definitionsAt("/p/compose.yaml", at).map(span)).toEqual([
      "lib/compose.yaml:2:3-2:5",
      "docker-compose.override.yml:4:3-4:5",
    ]);
  });

  test("references of db: every file of the project; the extends file's own references resolve to the project", () => {
    const navigation = new ProjectNavigation(project(files));
    const at = offsetOf(files["lib/compose.yaml"]!, "db:", 0, 0);
    expect(navigation.referencesAt("/p/lib/compose.yaml", at).map((o) => `${span(o)} ${o.via}`)).toEqual([
      "lib/compose.yaml:2:3-2:5 services",
      "docker-compose.override.yml:4:3-4:5 services",
      "compose.yaml:5:18-5:20 depends_on",
      "common.yml:4:18-4:20 depends_on",
      "lib/compose.yaml:6:20-6:22 volumes_from",
      "docker-compose.override.yml:3:13-3:15 links",
    ]);
    expect(navigation.referencesAt("/p/lib/compose.yaml", at, false)).toHaveLength(4);
  });

  test("an extends file's services are its own: base is defined in common.yml only", () => {
    const navigation = new ProjectNavigation(project(files));
    const at = offsetOf(files["compose.yaml"]!, "base", 0, 0);
    expect(navigation.definitionsAt("/p/compose.yaml", at).map(span)).toEqual(["common.yml:2:3-2:7"]);
    // common.yml's db is not the project's db
    expect(
      navigation.referencesAt("/p/common.yml", offsetOf(files["common.yml"]!, "db:", 0, 0)).map(span),
    ).toEqual(["common.yml:5:3-5:5"]);
  });

  test("rename db edits compose.yaml, the override and the included file; the texts stay Compose", () => {
    const navigation = new ProjectNavigation(project(files));
    const result = renameEdits(
      navigation,
      "/p/compose.yaml",
      offsetOf(files["compose.yaml"]!, "[db]", 0, 1),
      "database",
    );
    if ("error" in result) throw new Error(result.error);
    const renamed = Object.fromEntries(
      result.files.map((f) => [
        f.file.replace("/p/", ""),
        applyTextEdits(files[f.file.replace("/p/", "")]!, f.edits),
      ]),
    );
    expect(Object.keys(renamed)).toEqual([
      "compose.yaml",
      "common.yml",
      "lib/compose.yaml",
      "docker-compose.override.yml",
    ]);
    expect(renamed["compose.yaml"]).toContain("depends_on: [database]");
    expect(renamed["common.yml"]).toContain("depends_on: [database]\n  db:\n");
    expect(renamed["lib/compose.yaml"]).toBe(
      "services:\n  database:\n    image: postgres\n  backup:\n    image: backup\n    volumes_from: [database]\n",
    );
    expect(renamed["docker-compose.override.yml"]).toBe(
      "services:\n  web:\n    links: [database]\n  database:\n    environment: [DEBUG=1]\n",
    );
    // the renamed project has the same shape: nothing undefined, nothing lost
    const again = new ProjectNavigation(project({ ...files, ...renamed }));
    expect(again.occurrences.filter((o) => o.name === "db").map(span)).toEqual(["common.yml:5:3-5:5"]);
    expect(again.occurrences.filter((o) => o.name === "database")).toHaveLength(6);
  });
});

describe("rename refusals", () => {
  const rename = (files: Files, needle: string, newName: string, options = {}) => {
    const text = files["compose.yaml"]!;
    const result = renameEdits(
      new ProjectNavigation(project(files, options)),
      "/p/compose.yaml",
      offsetOf(text, needle),
      newName,
    );
    return "error" in result ? result.error : result.files.map((f) => `${f.file}: ${f.edits.length}`);
  };

  test("a name that comes from interpolation", () => {
    expect(
      rename(
        {
          "compose.yaml": "services:\n  db: {image: pg}\n  web: {image: w, network_mode: 'service:${DB}'}\n",
        },
        "db",
        "store",
        { environment: { DB: "db" } },
      ),
    ).toBe('cannot rename service "db": the name comes from interpolation (${DB}) at compose.yaml:3:33');
  });

  test("a name Compose refuses, one YAML reads as a number, one that is taken", () => {
    const files = { "compose.yaml": "services:\n  db: {image: pg}\n  web: {image: w, depends_on: [db]}\n" };
    expect(rename(files, "db", "my db")).toBe('"my db" is not a valid service name (^[a-zA-Z0-9._-]+$)');
    expect(rename(files, "db", "1.5")).toBe(
      '"1.5" would be read as a number, boolean or null in YAML; choose another name',
    );
    expect(rename(files, "db", "web")).toBe('a service named "web" is already defined at compose.yaml:3:3');
    expect(rename(files, "image", "x")).toBe(
      "no service, network, volume, secret, config or container name here",
    );
    expect(rename(files, "db", "store")).toEqual(["/p/compose.yaml: 2"]);
  });

  test("the implicit default network, unless the project defines it", () => {
    const implicit = { "compose.yaml": "services:\n  web: {image: w, networks: [default]}\n" };
    expect(rename(implicit, "default", "front")).toBe(
      'the network "default" is the one Compose creates for every project: define it under networks to rename it',
    );
    const defined = {
      "compose.yaml": "services:\n  web: {image: w, networks: [default]}\nnetworks: {default: {}}\n",
    };
    expect(rename(defined, "default", "front")).toEqual(["/p/compose.yaml: 2"]);
  });
});

describe("document links", () => {
  test("include, build context and dockerfile, env_file, extends.file, secret and config files", () => {
    const files: Files = {
      "compose.yaml": [
        "include:", // 1
        "  - lib/compose.yaml", // 2
        "  - path: [other/compose.yaml]", // 3
        "    env_file: other/.env", // 4
        "services:", // 5
        "  web:", // 6
        "    build: {context: ./app, dockerfile: Containerfile}", // 7
        "    env_file: [.env.web, {path: ./more.env, required: false}]", // 8
        "    extends: {file: common.yml, service: base}", // 9
        "  remote:", // 10
        "    build: {context: 'https://github.com/o/r.git#main', dockerfile: Dockerfile}", // 11
        "  short:", // 12
        "    build: ${DIR:-./short}", // 13
        "secrets: {token: {file: ./token.txt}}", // 14
        "configs: {conf: {file: conf/app.ini}}", // 15
        "",
      ].join("\n"),
      "lib/compose.yaml": "services: {lib: {build: ., env_file: lib.env}}\n",
      "other/compose.yaml": "services: {other: {image: o}}\n",
      "common.yml": "services: {base: {image: b, env_file: base.env}}\n",
    };
    const navigation = new ProjectNavigation(project(files));
    const show = (file: string) =>
      documentLinks(navigation, file).map((l) => `${span(l)} ${l.via} ${l.target}`);
    expect(show("/p/compose.yaml")).toEqual([
      "compose.yaml:2:5-2:21 include /p/lib/compose.yaml",
      "compose.yaml:3:12-3:30 include.path /p/other/compose.yaml",
      "compose.yaml:4:15-4:25 include.env_file /p/other/.env",
      "compose.yaml:7:22-7:27 build.context /p/app",
      "compose.yaml:7:41-7:54 build.dockerfile /p/app/Containerfile",
      "compose.yaml:8:16-8:24 env_file /p/.env.web",
      "compose.yaml:8:33-8:43 env_file /p/more.env",
      "compose.yaml:9:21-9:31 extends.file /p/common.yml",
      "compose.yaml:11:23-11:54 build.context https://github.com/o/r.git#main",
      "compose.yaml:13:12-13:27 build /p/short",
      "compose.yaml:14:25-14:36 secrets.file /p/token.txt",
      "compose.yaml:15:24-15:36 configs.file /p/conf/app.ini",
    ]);
    // an included file's paths start from its own folder; an extends file's from its folder
    expect(show("/p/lib/compose.yaml")).toEqual([
      "lib/compose.yaml:1:25-1:26 build /p/lib",
      "lib/compose.yaml:1:38-1:45 env_file /p/lib/lib.env",
    ]);
    expect(show("/p/common.yml")).toEqual(["common.yml:1:39-1:47 env_file /p/base.env"]);
  });
});

describe("document symbols", () => {
  const outline = (symbols: ComposeSymbol[], depth = 0): string[] =>
    symbols.flatMap((s) => [
      `${"  ".repeat(depth)}${s.kind} ${s.name}${s.detail === undefined ? "" : ` = ${s.detail}`} ${s.selectionRange.start.line + 1}:${s.selectionRange.start.character + 1} [${s.range.start.line + 1}-${s.range.end.line + 1}]`,
      ...outline(s.children, depth + 1),
    ]);

  test("sections, resources and their keys; merged keys stay where they are written", () => {
    const text = [
      "name: shop", // 1
      "x-base: &base {restart: always}", // 2
      "include: [lib/compose.yaml]", // 3
      "services:", // 4
      "  web:", // 5
      "    <<: *base", // 6
      "    image: web", // 7
      "    ports:", // 8
      "      - {target: 80}", // 9
      "networks:", // 10
      "  front: {}", // 11
      "volumes: {data: {driver: local}}", // 12
      "",
    ].join("\n");
    expect(outline(documentSymbols(readComposeFile("/p/compose.yaml", text).roots))).toEqual([
      "key name = shop 1:1 [1-1]",
      "key x-base 2:1 [2-2]",
      "  key restart = always 2:16 [2-2]",
      "section include 3:1 [3-3]",
      "  include lib/compose.yaml 3:11 [3-3]",
      "section services 4:1 [4-10]",
      "  service web 5:3 [5-10]",
      "    key image = web 7:5 [7-7]",
      "    key ports 8:5 [8-10]",
      "      key 0 9:9 [9-9]",
      "        key target = 80 9:10 [9-9]",
      "section networks 10:1 [10-12]",
      "  network front 11:3 [11-11]",
      "section volumes 12:1 [12-12]",
      "  volume data 12:11 [12-12]",
      "    key driver = local 12:18 [12-12]",
    ]);
  });
});
