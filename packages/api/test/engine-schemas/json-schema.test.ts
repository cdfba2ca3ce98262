import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import {
  buildJsonSchema,
  FIELD_DOC_KEY,
  JSON_SCHEMA_API_VERSIONS,
  PUBLISHED_JSON_SCHEMAS,
  type PublishedJsonSchemaFile,
  renderJsonSchema,
} from "../../src/index.js";
import { containerCreateExample, serviceSpecExample } from "./fixtures.js";
import { withValue } from "./issues.js";

const packageDir = join(import.meta.dirname, "..", "..");

/** Compiles a published JSON Schema with ajv (draft 2020-12, strict mode; `x-enginekit` is our keyword). */
function compile(file: PublishedJsonSchemaFile) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addKeyword(FIELD_DOC_KEY);
  return ajv.compile(buildJsonSchema(file));
}

describe("published JSON Schemas (z.toJSONSchema)", () => {
  it.each(Object.keys(PUBLISHED_JSON_SCHEMAS) as PublishedJsonSchemaFile[])(
    "%s in generated/ is up to date",
    async (file) => {
      const written = await readFile(join(packageDir, "generated", file), "utf8");
      expect(written, "run `pnpm --filter @enginekit/api build` to regenerate").toBe(renderJsonSchema(file));
    },
  );

  it.each(
    JSON_SCHEMA_API_VERSIONS.flatMap((version) =>
      (Object.keys(PUBLISHED_JSON_SCHEMAS) as PublishedJsonSchemaFile[]).map(
        (file) => [version, file] as const,
      ),
    ),
  )("generated/v%s/%s is up to date", async (version, file) => {
    const written = await readFile(join(packageDir, "generated", `v${version}`, file), "utf8");
    expect(written, "run `pnpm --filter @enginekit/api build` to regenerate").toBe(
      renderJsonSchema(file, version),
    );
  });

  it("a versioned schema leaves out the fields and values later versions added", () => {
    const v124 = JSON.stringify(buildJsonSchema("container-create.schema.json", "1.24"));
    const v141 = JSON.stringify(buildJsonSchema("container-create.schema.json", "1.41"));
    expect(v124).not.toContain('"StopTimeout"');
    expect(v124).not.toContain('"AutoRemove"');
    expect(v141).toContain('"StopTimeout"');
    expect(v141).toContain('"CgroupnsMode"');
    const service124 = buildJsonSchema("service-create.schema.json", "1.24") as {
      properties: { UpdateConfig: { properties: { FailureAction: { enum: string[] } } } };
    };
    expect(service124.properties.UpdateConfig.properties.FailureAction.enum).not.toContain("rollback");
  });

  it.each(Object.keys(PUBLISHED_JSON_SCHEMAS))("the exports map publishes %s", async (file) => {
    const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
    expect(manifest.exports[`./schemas/${file}`]).toBe(`./generated/${file}`);
  });

  it.each([
    [
      "network-create.schema.json",
      { Name: "backend", Driver: "bridge", IPAM: { Config: [{ Subnet: "10.1.0.0/24" }] } },
      { Name: "x", Drivr: "bridge" },
    ],
    [
      "volume-create.schema.json",
      { Name: "data", Labels: { a: "b" } },
      { Name: "data", DriverOpts: { size: 1 } },
    ],
    [
      "swarm-init.schema.json",
      { ListenAddr: "0.0.0.0:2377", Spec: { Raft: { HeartbeatTick: 1, ElectionTick: 10 } } },
      { ListenAddr: "0.0.0.0:2377", Spec: { Raft: { HeartbeatTick: 0 } } },
    ],
  ] as const)("%s accepts a valid body and rejects a bad one", (file, good, bad) => {
    const validate = compile(file);
    expect(validate(good) ? [] : validate.errors).toEqual([]);
    expect(validate(bad)).toBe(false);
  });

  describe("container-create.schema.json", () => {
    const validate = compile("container-create.schema.json");
    it("accepts the manifest-only keys $schema, kind and Name, and checks them", () => {
      const manifest = {
        $schema: "https://enginekit.dev/schemas/container-create.schema.json",
        kind: "container",
        Name: "web",
        ...containerCreateExample,
      };
      expect(validate(manifest) ? [] : validate.errors).toEqual([]);
      expect(validate({ ...manifest, kind: "service" })).toBe(false);
      expect(validate({ ...manifest, Name: "-bad name" })).toBe(false);
    });
    it("accepts the realistic create body", () => {
      expect(validate(containerCreateExample) ? [] : validate.errors).toEqual([]);
    });
    it.each([
      [["HostConfig", "Bogus"], 1, "/HostConfig", "additionalProperties"],
      [
        ["HostConfig", "PortBindings", "80/tcp"],
        [{ HostPort: 8080 }],
        "/HostConfig/PortBindings/80~1tcp/0/HostPort",
        "type",
      ],
      [["HostConfig", "BlkioWeight"], 5, "/HostConfig/BlkioWeight", "anyOf"],
      [["HostConfig", "MemorySwappiness"], 101, "/HostConfig/MemorySwappiness", "anyOf"],
      [["HostConfig", "ShmSize"], -1, "/HostConfig/ShmSize", "minimum"],
      [["HostConfig", "RestartPolicy", "Name"], "sometimes", "/HostConfig/RestartPolicy/Name", "enum"],
      [["Healthcheck", "Interval"], 500, "/Healthcheck/Interval", "anyOf"],
      [["HostConfig", "PortBindings"], { "http/tcp": [] }, "/HostConfig/PortBindings", "propertyNames"],
      [["Imagee"], "x", "", "additionalProperties"],
    ])("rejects %j = %j (%s: %s)", (path, value, instancePath, keyword) => {
      expect(validate(withValue(containerCreateExample, path, value))).toBe(false);
      expect(validate.errors?.map((error) => [error.instancePath, error.keyword])).toContainEqual([
        instancePath,
        keyword,
      ]);
    });
  });

  describe("service-create.schema.json", () => {
    const validate = compile("service-create.schema.json");
    it("accepts the realistic service spec", () => {
      expect(validate(serviceSpecExample) ? [] : validate.errors).toEqual([]);
    });
    it.each([
      [
        ["TaskTemplate", "RestartPolicy", "Condition"],
        "always",
        "/TaskTemplate/RestartPolicy/Condition",
        "enum",
      ],
      [["TaskTemplate", "Resources", "Reservation"], {}, "/TaskTemplate/Resources", "additionalProperties"],
      [
        ["EndpointSpec", "Ports", 0, "PublishedPort"],
        70000,
        "/EndpointSpec/Ports/0/PublishedPort",
        "maximum",
      ],
      [["Mode", "Replicated", "Replicas"], -1, "/Mode/Replicated/Replicas", "minimum"],
      [["TaskTemplate", "ContainerSpec", "Image"], "", "/TaskTemplate/ContainerSpec/Image", "minLength"],
    ])("rejects %j = %j (%s: %s)", (path, value, instancePath, keyword) => {
      expect(validate(withValue(serviceSpecExample, path, value))).toBe(false);
      expect(validate.errors?.map((error) => [error.instancePath, error.keyword])).toContainEqual([
        instancePath,
        keyword,
      ]);
    });
    it("carries the field documentation", () => {
      const schema = buildJsonSchema("service-create.schema.json") as {
        properties: Record<string, Record<string, unknown>>;
      };
      expect(schema.properties.TaskTemplate?.description).toMatch(/engine §4\.10/);
    });
  });
});
