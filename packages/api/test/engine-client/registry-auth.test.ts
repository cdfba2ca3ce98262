import { describe, expect, test } from "vitest";
import {
  decodePathStat,
  encodeRegistryAuth,
  encodeRegistryConfig,
  urlSafeBase64,
} from "../../src/engine/client/index.js";

/** Go's `base64.URLEncoding` decoder: URL alphabet, padding required (what the engine uses). */
function goUrlDecode(value: string): string {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value) || value.length % 4 !== 0) throw new Error("illegal base64 data");
  return Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
}

describe("registry credentials", () => {
  test("urlSafeBase64 keeps padding and uses - and _ (bytes that give + and / in standard base64)", () => {
    const text = "?>?~~"; // standard base64: Pz4/fn4= (contains "/")
    expect(Buffer.from(text).toString("base64")).toBe("Pz4/fn4=");
    expect(urlSafeBase64(text)).toBe("Pz4_fn4=");
  });

  test("X-Registry-Config round-trips through the engine's decoder for every padding length", () => {
    for (const password of ["p", "pw", "pwd", "p+/?>~"]) {
      const config = { "registry.example:5000": { username: "u", password } };
      const encoded = encodeRegistryConfig(config);
      expect(JSON.parse(goUrlDecode(encoded))).toEqual(config);
    }
  });

  test("X-Registry-Auth is base64 JSON of the credentials or the identity token", () => {
    expect(JSON.parse(goUrlDecode(encodeRegistryAuth({ identitytoken: "tok" })))).toEqual({
      identitytoken: "tok",
    });
    expect(JSON.parse(goUrlDecode(encodeRegistryAuth({ username: "u", password: "p?>~" })))).toEqual({
      username: "u",
      password: "p?>~",
    });
  });
});

describe("decodePathStat", () => {
  const stat = { name: "hosts", size: 174, mode: 420, mtime: "2026-01-01T00:00:00Z", linkTarget: "" };
  const encoded = Buffer.from(JSON.stringify(stat)).toString("base64");

  test("reads the documented X-Engine-Container-Path-Stat and the real engine's X-Docker-Container-Path-Stat", () => {
    expect(decodePathStat({ "x-engine-container-path-stat": encoded })).toEqual(stat);
    expect(decodePathStat({ "x-docker-container-path-stat": encoded })).toEqual(stat);
    expect(decodePathStat({})).toBeUndefined();
  });

  test("a malformed header names itself", () => {
    expect(() => decodePathStat({ "x-docker-container-path-stat": "bm90IGpzb24=" })).toThrow(
      /malformed x-docker-container-path-stat header/,
    );
  });
});
