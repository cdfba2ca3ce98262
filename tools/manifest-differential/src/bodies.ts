/**
 * The seeded generator of container and service bodies for the differential test against the real engine
 * (docs/manifests.md "Agreement with the engine"). Each body is a valid base with one to three mutations
 * of fields of the kind's schema (`schema-fields.ts`) to values derived from the field's schema
 * (`mutations.ts`); a second mutation is, one time in two, a field of the same object when that object
 * has cross-field rules (pairs of interacting fields); one mutation in twelve adds an unknown key to an
 * object. The first mutation of body `i` sweeps the fields in order (from an offset), so `count` bodies
 * cover `count` fields whatever the seed. Each body targets an API version (1.24, 1.41 or one between),
 * sent to the engine as `/v<version>/` and to the linter as `x-enginekit: {apiVersion}`. The generator knows
 * nothing of the verdicts: the engine is the judge.
 */
import { ContainerCreateBody, ContainerName, ServiceSpec } from "@enginekit/api";
import { seededRandom } from "@enginekit/engine-tools";
import type { z } from "zod";
import { Raw, sampleOf, type TriedValue, valuesFor } from "./mutations.js";
import { defOf, fieldKey, type SchemaField, schemaFields, unwrap } from "./schema-fields.js";

export { Raw };

export type Kind = "container" | "service";

/** One change to a base body: the field (its schema path) and the value set there (`undefined` removes it). */
export interface Mutation {
  /** Coverage key of the field (`HostConfig.Mounts[].Type`), or `<object>.*` for an unknown key. */
  field: string;
  path: string[];
  value: unknown;
  label: string;
}

/** One generated body: its texts for the linter and the engine, and what made it. */
export interface GeneratedBody {
  id: number;
  kind: Kind;
  /** The API version it targets (`"1.41"`). */
  apiVersion: string;
  mutations: Mutation[];
  /** Mutation labels, to read a disagreement. */
  labels: string[];
  /** The manifest's text (what `enginekit lint` reads: `x-enginekit` and a container's `Name` included). */
  text: string;
  /** The request body's text (`x-enginekit` and a container's `Name` taken out). */
  bodyText: string;
  /** A container's `Name`, sent as `?name=`. */
  name?: string;
}

/** The image every body runs (imported offline by `tools/engine/start.sh`). */
export const IMAGE = "enginekit/busybox:latest";

/** The schema each kind's body is generated from (a container's `Name` is the `name` query). */
const KIND_ROOTS: Record<Kind, { schema: z.ZodType; extra: Record<string, z.ZodType> }> = {
  container: { schema: ContainerCreateBody, extra: { Name: ContainerName } },
  service: { schema: ServiceSpec, extra: {} },
};

const fieldCache = new Map<Kind, SchemaField[]>();

/** Every field of a kind's schema (cached), a container's `Name` included. */
export function kindFields(kind: Kind): SchemaField[] {
  let fields = fieldCache.get(kind);
  if (!fields) {
    const root = KIND_ROOTS[kind];
    fields = [
      ...Object.entries(root.extra).map(
        ([key, schema]): SchemaField => ({
          path: [key],
          schema,
          required: false,
          parent: root.schema,
          parentRefined: false,
        }),
      ),
      ...schemaFields(root.schema),
    ];
    fieldCache.set(kind, fields);
  }
  return fields;
}

const valueCache = new Map<SchemaField, TriedValue[]>();
function valuesOf(field: SchemaField): TriedValue[] {
  let values = valueCache.get(field);
  if (!values) {
    values = valuesFor(field);
    valueCache.set(field, values);
  }
  return values;
}

/** The API versions bodies target: the ends of the supported range most often. */
const VERSIONS = ["1.24", "1.41"];

function baseBody(kind: Kind, suffix: string): Record<string, unknown> {
  if (kind === "container") return { Image: IMAGE, Cmd: ["true"], HostConfig: { NetworkMode: "none" } };
  return {
    Name: `ekdiff-${suffix}`,
    TaskTemplate: { ContainerSpec: { Image: IMAGE, Command: ["sleep", "60"] } },
    // one task: services are judged by their task (docs/manifests.md)
    Mode: { Replicated: { Replicas: 1 } },
  };
}

/** The schema one step down a field path (`[]`, `{}` or a key), or undefined. */
function childSchema(schema: z.ZodType, segment: string): z.ZodType | undefined {
  let def = defOf(unwrap(schema));
  if (def.type === "union" && def.options) {
    const wanted = segment === "[]" ? "array" : segment === "{}" ? "record" : "object";
    const member = def.options.find((option) => defOf(unwrap(option)).type === wanted);
    if (member) def = defOf(unwrap(member));
  }
  if (segment === "[]") return def.element;
  if (segment === "{}") return def.valueType;
  return def.shape?.[segment];
}

const KEY_SAMPLES = ["80/tcp", "/data", "net.ipv4.ip_forward", "a", "none"];

/** The map key used for a `{}` step: the first sample the record's key schema accepts. */
function mapKey(schema: z.ZodType): string {
  const def = defOf(unwrap(schema));
  const keyType = def.keyType;
  return KEY_SAMPLES.find((key) => !keyType || keyType.safeParse(key).success) ?? "a";
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Raw);

/**
 * Sets `value` at a field path of `body` (value `undefined` removes the key), creating the objects, lists
 * (one element) and maps (one sample key) on the way with valid samples of their schemas. Returns the
 * concrete path (`["HostConfig", "Mounts", 0, "Type"]`).
 */
function setField(body: Record<string, unknown>, root: z.ZodType, path: string[], value: unknown): string[] {
  let current: Record<string, unknown> | unknown[] = body;
  let schema: z.ZodType | undefined = root;
  const concrete: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    const last = i === path.length - 1;
    const key: string | number = segment === "[]" ? 0 : segment === "{}" ? mapKey(schema!) : segment;
    concrete.push(String(key));
    const next: z.ZodType | undefined = schema ? childSchema(schema, segment) : undefined;
    if (last) {
      if (Array.isArray(current)) current[key as number] = clone(value);
      else if (value === undefined) delete current[key as string];
      else current[key as string] = clone(value);
      break;
    }
    const container = current as Record<string | number, unknown>;
    const wantArray = path[i + 1] === "[]";
    let child = container[key];
    if (wantArray ? !Array.isArray(child) : !isObject(child)) {
      child = wantArray ? [] : isObject(next ? sampleOf(next) : {}) ? (sampleOf(next!) as object) : {};
      container[key] = child;
    }
    if (wantArray && (child as unknown[]).length === 0) {
      const element = next ? childSchema(next, "[]") : undefined;
      (child as unknown[]).push(element ? sampleOf(element) : {});
    }
    current = child as Record<string, unknown> | unknown[];
    schema = next;
  }
  return concrete;
}

/** A deep copy that keeps {@link Raw} tokens. */
function clone(value: unknown): unknown {
  if (value instanceof Raw || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(clone);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clone(item)]));
}

/** JSON text of a body; {@link Raw} tokens are written as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * Makes a valid name unique to the run and the body (bodies are created concurrently, and a failed run may
 * leave objects behind); invalid names stay as they are.
 */
function uniqueName(body: Record<string, unknown>, kind: Kind, suffix: string): void {
  const name = body.Name;
  if (typeof name !== "string" || name === "" || name.startsWith("ekdiff-")) return;
  const valid =
    kind === "container"
      ? /^\/?[a-zA-Z0-9][a-zA-Z0-9_.-]+$/.test(name)
      : /^[a-zA-Z0-9]([-_]*[a-zA-Z0-9]+)*$/.test(name) && name.length <= 40;
  if (valid) body.Name = `${name}-${suffix}`;
}

/** Builds the body of `kind` with `mutations` applied in order, targeting `apiVersion`. */
export function buildBody(
  id: number,
  kind: Kind,
  apiVersion: string,
  mutations: readonly Omit<Mutation, "path">[],
  nameSuffix: string,
): GeneratedBody {
  const body = baseBody(kind, nameSuffix);
  const applied: Mutation[] = [];
  for (const mutation of mutations) {
    const fieldPath = mutation.field.replace(/\[\]/g, ".[]").replace(/\{\}/g, ".{}").split(".");
    const path = setField(body, KIND_ROOTS[kind].schema, fieldPath.filter(Boolean), mutation.value);
    applied.push({ ...mutation, path });
  }
  uniqueName(body, kind, nameSuffix);
  const settings = { "x-enginekit": { apiVersion } };
  // a container's Name is the `name` query, not part of the request body
  const { Name: name, ...rest } = body;
  const query = kind === "container" && "Name" in body;
  return {
    id,
    kind,
    apiVersion,
    mutations: applied,
    labels: applied.map((m) => `${m.field}=${m.label}`),
    text: toJsonText({ ...settings, ...body }),
    bodyText: toJsonText(query ? rest : body),
    ...(query ? { name: name instanceof Raw ? name.text : String(name) } : {}),
  };
}

/** Options of {@link generateBodies}. */
export interface GenerateOptions {
  /** Index of the first field the sweep starts at (over containers' fields, then services'). */
  sweepOffset?: number;
  /**
   * A tag in the names of the objects made on the engine, so two runs (or a run after one that was cut
   * short) never collide; default: a new one each call. It is not part of what is judged.
   */
  runTag?: string;
}

/** Every field of both kinds, in sweep order: containers' then services'. */
export function sweepFields(): { kind: Kind; field: SchemaField }[] {
  return (["container", "service"] as const).flatMap((kind) =>
    kindFields(kind).map((field) => ({ kind, field })),
  );
}

const isNested = (path: readonly string[], parent: readonly string[]) =>
  parent.length < path.length && parent.every((segment, i) => path[i] === segment);

/**
 * `count` bodies from `seed`: body `i`'s first mutation is sweep field `(sweepOffset + i) mod N`; then up to
 * two more (a field of the same refined object one time in two, else any field of the kind), none on a
 * field another mutation of the body set or contains. Deterministic for a seed and options.
 */
export function generateBodies(seed: number, count: number, options: GenerateOptions = {}): GeneratedBody[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const sweep = sweepFields();
  const runTag = options.runTag ?? Math.floor(Math.random() * 36 ** 3).toString(36);
  const bodies: GeneratedBody[] = [];
  for (let id = 0; id < count; id++) {
    const first = sweep[((options.sweepOffset ?? 0) + id) % sweep.length]!;
    const { kind } = first;
    const fields = kindFields(kind);
    const chosen: { field: SchemaField; tried: TriedValue }[] = [
      { field: first.field, tried: pick(valuesOf(first.field)) },
    ];
    const extra = Math.floor(random() * 3);
    for (let n = 0; n < extra; n++) {
      const anchor = chosen[0]!.field;
      const siblings = fields.filter(
        (f) => f.parent === anchor.parent && f !== anchor && anchor.parentRefined,
      );
      const field = siblings.length > 0 && random() < 0.5 ? pick(siblings) : pick(fields);
      const clash = chosen.some(
        (c) => c.field === field || isNested(field.path, c.field.path) || isNested(c.field.path, field.path),
      );
      if (!clash) chosen.push({ field, tried: pick(valuesOf(field)) });
    }
    const mutations = chosen.map(({ field, tried }) => ({
      field: fieldKey(field.path),
      value: tried.value,
      label: tried.label,
    }));
    if (random() < 1 / 12) {
      // an unknown key in an object of the body (the root or the object of the first mutation)
      const owner = first.field.path.slice(0, -1).filter((segment) => segment !== "[]" && segment !== "{}");
      const objectPath =
        first.field.path.length > 1 && !first.field.path.includes("[]") && !first.field.path.includes("{}")
          ? owner
          : [];
      mutations.push({ field: fieldKey([...objectPath, "Bogus"]), value: 1, label: "unknown key" });
    }
    const apiVersion = random() < 0.8 ? pick(VERSIONS) : `1.${25 + Math.floor(random() * 16)}`;
    bodies.push(buildBody(id, kind, apiVersion, mutations, `${runTag}${seed % 100000}x${id}`));
  }
  return bodies;
}

/**
 * Coverage of a set of bodies: the fields of both kinds' schemas that a mutation set (unknown keys
 * aside), of all the fields there are.
 */
export function coverage(bodies: readonly GeneratedBody[]): {
  exercised: number;
  total: number;
  missing: string[];
} {
  const all = sweepFields().map(({ kind, field }) => `${kind}:${fieldKey(field.path)}`);
  const done = new Set(bodies.flatMap((body) => body.mutations.map((m) => `${body.kind}:${m.field}`)));
  const missing = all.filter((key) => !done.has(key));
  return { exercised: all.length - missing.length, total: all.length, missing };
}
