/** Build flag parsing (engine CLI forms) and credentials files. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BuildFlagError,
  parseBuildArgs,
  parseByteSize,
  parseByteSizeOrUnlimited,
  parseCpuList,
  parseInteger,
  parseLabels,
  parseSecretRegistryAuth,
  RegistryCredentialsError,
  readCredentialsFile,
} from "../src/index.js";
import { makeTree } from "./pack-helpers.js";

describe("build flags", () => {
  it("byte sizes use binary units like the engine CLI", () => {
    expect(parseByteSize("-m", "512m")).toBe(512 * 1024 ** 2);
    expect(parseByteSize("-m", "1.5GiB")).toBe(1.5 * 1024 ** 3);
    expect(parseByteSize("-m", "65536")).toBe(65536);
    expect(parseByteSize("-m", "4kb")).toBe(4096);
    expect(parseByteSizeOrUnlimited("--memory-swap", "-1")).toBe(-1);
    expect(() => parseByteSize("-m", "-1")).toThrow(BuildFlagError);
    expect(() => parseByteSize("-m", "lots")).toThrow('-m "lots": expected a size');
  });
  it("build arguments: NAME=value, bare NAME from the environment or null", () => {
    expect(parseBuildArgs(["A=1", "B=", "C", "D", "A=2"], { C: "from-env" })).toEqual({
      A: "2",
      B: "",
      C: "from-env",
      D: null,
    });
    expect(() => parseBuildArgs(["=x"], {})).toThrow(BuildFlagError);
    expect(() => parseBuildArgs(["1A=x"], {})).toThrow("--build-arg");
  });
  it("labels, integers and CPU lists", () => {
    expect(parseLabels(["a=b=c", "flag"])).toEqual({ a: "b=c", flag: "" });
    expect(() => parseLabels(["=v"])).toThrow(BuildFlagError);
    expect(parseInteger("--cpu-quota", "-1")).toBe(-1);
    expect(() => parseInteger("--cpu-shares", "1.5")).toThrow(BuildFlagError);
    expect(parseCpuList("--cpuset-cpus", "0-3,5")).toBe("0-3,5");
    expect(() => parseCpuList("--cpuset-cpus", "0-")).toThrow(BuildFlagError);
  });
});

describe("registry credentials", () => {
  it("reads config.json auths, decoding `auth` into username and password", async () => {
    const dir = makeTree({});
    const file = join(dir, "config.json");
    writeFileSync(
      file,
      JSON.stringify({
        auths: {
          "https://index.docker.io/v1/": { auth: Buffer.from("me:pa:ss").toString("base64") },
          "r.example:5000": { identitytoken: "tok" },
        },
      }),
    );
    expect(await readCredentialsFile(file)).toEqual({
      "https://index.docker.io/v1/": {
        username: "me",
        password: "pa:ss",
        serveraddress: "https://index.docker.io/v1/",
      },
      "r.example:5000": { identitytoken: "tok", serveraddress: "r.example:5000" },
    });
  });
  it("names the file for unreadable or malformed content, never the values", async () => {
    const dir = makeTree({ "bad.json": "{", "worse.json": '{"auths": {"h": {"auth": "bm9jb2xvbg=="}}}' });
    await expect(readCredentialsFile(join(dir, "missing.json"))).rejects.toThrow(RegistryCredentialsError);
    await expect(readCredentialsFile(join(dir, "bad.json"))).rejects.toThrow("is not valid JSON");
    const error = await readCredentialsFile(join(dir, "worse.json")).catch((e: Error) => e);
    expect(String(error)).toContain("not base64 of user:password");
    expect(String(error)).not.toContain("nocolon");
  });
  it("parses <host>=svc:<path>", () => {
    expect(parseSecretRegistryAuth("ghcr.io=svc:secret/data/ci/registry")).toEqual({
      host: "ghcr.io",
      path: "secret/data/ci/registry",
    });
    expect(() => parseSecretRegistryAuth("ghcr.io=secret/x")).toThrow(RegistryCredentialsError);
  });
});
