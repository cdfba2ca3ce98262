import { describe, expect, test } from "vitest";
import { z } from "zod";
import { fieldDocOf } from "../../src/meta.js";
import {
  encodePath,
  HelpResponse,
  InternalUiMountResponse,
  InternalUiMountsResponse,
  KvListResponse,
  KvV1ReadResponse,
  KvV2ConfigResponse,
  KvV2MetadataReadResponse,
  KvV2MetadataWriteRequest,
  KvV2ReadResponse,
  KvV2VersionsRequest,
  KvV2WriteRequest,
  KvV2WriteResponse,
  kvV2Path,
  LoginResponse,
  normalizePath,
  ResponseEnvelope,
  SealStatusResponse,
  SecretsErrorBody,
  SecretsHealthResponse,
  TokenLookupSelfResponse,
} from "../../src/secrets/index.js";

describe("paths", () => {
  test("segments are encoded one by one; / is never %2F", () => {
    expect(encodePath("secret/data/a b/c#d?e/ü")).toBe("secret/data/a%20b/c%23d%3Fe/%C3%BC");
    expect(encodePath(normalizePath("//secret//app/db/"))).toBe("secret/app/db/");
    expect(normalizePath("secret/app.v1/db")).toBe("secret/app.v1/db");
    expect(normalizePath("/secret/")).toBe("secret/");
  });

  test("a segment ending in a period is refused wherever it is", () => {
    for (const path of [
      ".",
      "..",
      "secret/.",
      "secret/../x",
      "secret/app./db",
      "/secret//app.",
      "secret/app./",
    ]) {
      expect(() => normalizePath(path), path).toThrow(/unsupported path/);
    }
  });

  test("KV v2 paths insert the segment after the mount, also for mounts with namespace segments", () => {
    expect(kvV2Path("secret/", "secret/app/db", "data")).toBe("secret/data/app/db");
    expect(kvV2Path("secret/", "secret/app/", "metadata")).toBe("secret/metadata/app/");
    expect(kvV2Path("secret/", "secret/", "metadata")).toBe("secret/metadata/");
    expect(kvV2Path("secret/", "secret", "metadata")).toBe("secret/metadata");
    expect(kvV2Path("team/kv2/", "team/kv2/x", "destroy")).toBe("team/kv2/destroy/x");
    // The preflight's path gained a namespace part the user path does not have (research §4 step 8b).
    expect(kvV2Path("ns1/secret/", "secret/app", "data")).toBe("secret/data/app");
  });
});

/** Every field of every object schema below carries documentation with a source. */
const SCHEMAS = {
  ResponseEnvelope,
  SecretsErrorBody,
  HelpResponse,
  KvV1ReadResponse,
  KvV2ReadResponse,
  KvV2WriteRequest,
  KvV2WriteResponse,
  KvListResponse,
  KvV2MetadataReadResponse,
  KvV2MetadataWriteRequest,
  KvV2ConfigResponse,
  KvV2VersionsRequest,
  LoginResponse,
  TokenLookupSelfResponse,
  InternalUiMountResponse,
  InternalUiMountsResponse,
  SealStatusResponse,
  SecretsHealthResponse,
};

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema as z.ZodType & { unwrap?: () => z.ZodType };
  for (let i = 0; i < 5 && (s instanceof z.ZodOptional || s instanceof z.ZodNullable); i++)
    s = s.unwrap() as typeof s;
  return s;
}

function undocumentedFields(schema: z.ZodType, prefix: string, out: string[], depth = 0): string[] {
  const s = unwrap(schema);
  if (!(s instanceof z.ZodObject) || depth > 4) return out;
  for (const [name, fieldSchema] of Object.entries(s.shape as Record<string, z.ZodType>)) {
    const doc = fieldDocOf(fieldSchema);
    // a public source: the secrets API document's section, or Vault's documented API where the document is silent
    if (!doc || !/^(secrets §\d|Vault )/.test(doc.source)) out.push(`${prefix}.${name}`);
    undocumentedFields(fieldSchema, `${prefix}.${name}`, out, depth + 1);
  }
  return out;
}

describe("schemas", () => {
  test("every field is documented with its meaning and source", () => {
    const missing = Object.entries(SCHEMAS).flatMap(([name, schema]) => undocumentedFields(schema, name, []));
    expect(missing).toEqual([]);
  });

  test("JSON Schema export carries the field documentation", () => {
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const json = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: "any" }));
      expect(json, name).toMatch(/\((secrets §\d|Vault )/);
    }
  });

  test("the research's example bodies parse; a 404 deleted-version body parses as a KV v2 read", () => {
    const deleted = {
      request_id: "r",
      lease_id: "",
      renewable: false,
      lease_duration: 0,
      data: {
        data: null,
        metadata: {
          created_time: "2026-05-01T10:00:00Z",
          custom_metadata: null,
          deletion_time: "2026-05-02T09:00:00Z",
          destroyed: false,
          version: 3,
        },
      },
      wrap_info: null,
      warnings: null,
      auth: null,
    };
    expect(KvV2ReadResponse.parse(deleted).data.data).toBeNull();
    expect(SecretsErrorBody.parse({ errors: [] }).errors).toEqual([]);
    expect(() => KvListResponse.parse({ ...deleted, data: { keys: "a" } })).toThrow();
    expect(
      InternalUiMountResponse.parse({ ...deleted, data: { path: "secret/", type: "kv", options: null } }).data
        .options,
    ).toBeNull();
  });
});
