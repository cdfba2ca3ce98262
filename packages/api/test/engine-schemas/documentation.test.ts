import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as schemas from "../../src/engine/schemas/index.js";
import { fieldDocOf } from "../../src/meta.js";

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Paths of object fields below `schema` that carry no documented() metadata. */
function undocumentedFields(
  schema: z.ZodType,
  path: string,
  out: string[],
  seen = new Set<z.ZodType>(),
): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === "object") {
    for (const [key, field] of Object.entries(def.shape ?? {})) {
      const doc = fieldDocOf(field);
      if (!doc?.description || !doc.source) out.push(`${path}.${key}`);
      undocumentedFields(field, `${path}.${key}`, out, seen);
    }
  } else if (def.innerType) {
    undocumentedFields(def.innerType, path, out, seen);
  } else if (def.element) {
    undocumentedFields(def.element, `${path}[]`, out, seen);
  } else if (def.valueType) {
    undocumentedFields(def.valueType, `${path}{}`, out, seen);
  } else if (def.options) {
    for (const option of def.options) undocumentedFields(option, path, out, seen);
  }
  return out;
}

/** Every exported zod object schema whose name ends like a request (body, spec, query). */
const requestSchemas = Object.entries(schemas).filter(
  ([name, value]) => value instanceof z.ZodType && /(Body|Spec|Query|^HostConfig|^Healthcheck)$/.test(name),
) as [string, z.ZodType][];

describe("every request-side field is documented (description and source)", () => {
  it("finds the request schemas", () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "ContainerCreateBody",
        "ServiceSpec",
        "BuildQuery",
        "SwarmInitBody",
        "NodeSpec",
      ]),
    );
    expect(requestSchemas.length).toBeGreaterThan(50);
  });
  it.each(requestSchemas)("%s", (name, schema) => {
    expect(undocumentedFields(schema, name, [])).toEqual([]);
  });
});

describe("every top-level response field is documented", () => {
  const responses: [string, { shape: Record<string, z.ZodType> }][] = [
    ["ContainerInspect", schemas.ContainerInspect],
    ["ContainerSummary", schemas.ContainerSummary],
    ["ImageInspect", schemas.ImageInspect],
    ["ImageSummary", schemas.ImageSummary],
    ["SystemInfo", schemas.SystemInfo],
    ["SystemVersion", schemas.SystemVersion],
    ["Volume", schemas.Volume],
    ["Network", schemas.Network],
    ["ExecInspect", schemas.ExecInspect],
    ["Node", schemas.Node],
    ["Swarm", schemas.Swarm],
    ["Service", schemas.Service],
    ["Task", schemas.Task],
    ["EngineEvent", schemas.EngineEvent],
    ["JsonMessage", schemas.JsonMessage],
    ["ErrorBody", schemas.ErrorBody],
    ["ContainerStats", schemas.ContainerStats],
    ["Plugin", schemas.Plugin],
  ];
  it.each(responses)("%s", (_name, { shape }) => {
    const missing = Object.entries(shape)
      .filter(([, field]) => !fieldDocOf(field)?.source)
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });
});

describe("what a field's documentation says it follows", () => {
  /** The object schema inside a documented, optional field (`Limits`, `Reservations`). */
  const inner = (field: z.ZodType): Record<string, z.ZodType> => {
    let def = defOf(field);
    while (!def.shape && def.innerType) def = defOf(def.innerType);
    return def.shape ?? {};
  };
  it("a service CPU limit says which limits pass create but start no task; a reservation does not", () => {
    const { Limits, Reservations } = schemas.ResourceRequirements.shape;
    const limit = fieldDocOf(inner(Limits).NanoCPUs!);
    expect(limit?.decision).toMatch(/from 0\.001 to under 0\.01 CPU passes create, but no task starts/);
    expect(limit?.decision).toMatch(/manifest\/limit/);
    const reservation = fieldDocOf(inner(Reservations).NanoCPUs!);
    expect(reservation?.decision).toBe("The minimum is swarmkit's, checked by the engine 20.10 at create.");
  });
  it("a service memory limit says which limits pass create but start no task; a reservation runs", () => {
    const { Limits, Reservations } = schemas.ResourceRequirements.shape;
    expect(fieldDocOf(inner(Limits).MemoryBytes!)?.decision).toMatch(
      /from 4 MiB to under 6 MiB passes create, but the engine rejects every task.*manifest\/limit/,
    );
    expect(fieldDocOf(inner(Reservations).MemoryBytes!)?.decision).toMatch(
      /only places tasks, so 4 MiB runs/,
    );
  });
});
