import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { checkManifest, type FindingCode, type ManifestKind, type PathSegment } from "../src/index.js";
import { textAt } from "./helpers.js";

/**
 * Every documented limit of the engine API (engine §2, §4.10, §8) at, below and above its bound, reported
 * through a manifest in YAML and in JSON, against the real `@enginekit/api` request schemas. Each expected
 * finding is `[code, path, source text of its range in the YAML form]`; in the JSON form the range covers the
 * same value (quoted keys included).
 */
type Expected = [FindingCode, PathSegment[], string];
interface Case {
  kind: ManifestKind;
  body: string;
  findings: Expected[];
}

const BASE: Partial<Record<ManifestKind, string>> = {
  container: "Image: busybox\n",
  service: "TaskTemplate: {ContainerSpec: {Image: busybox}}\n",
  network: "Name: front\n",
};

const HC = ["HostConfig"];
const cases: Record<string, Case[]> = {
  "BlkioWeight 10–1000": [
    {
      kind: "container",
      body: "HostConfig: {BlkioWeight: 9}",
      findings: [["manifest/limit", [...HC, "BlkioWeight"], "9"]],
    },
    { kind: "container", body: "HostConfig: {BlkioWeight: 10}", findings: [] },
    { kind: "container", body: "HostConfig: {BlkioWeight: 1000}", findings: [] },
    {
      kind: "container",
      body: "HostConfig: {BlkioWeight: 1001}",
      findings: [["manifest/limit", [...HC, "BlkioWeight"], "1001"]],
    },
    {
      kind: "container",
      body: "HostConfig: {BlkioWeight: 10.5}",
      findings: [["manifest/invalid-type", [...HC, "BlkioWeight"], "10.5"]],
    },
  ],
  "MemorySwappiness 0–100 (-1 unset)": [
    {
      kind: "container",
      body: "HostConfig: {MemorySwappiness: -2}",
      findings: [["manifest/limit", [...HC, "MemorySwappiness"], "-2"]],
    },
    { kind: "container", body: "HostConfig: {MemorySwappiness: -1}", findings: [] },
    { kind: "container", body: "HostConfig: {MemorySwappiness: 0}", findings: [] },
    { kind: "container", body: "HostConfig: {MemorySwappiness: 100}", findings: [] },
    {
      kind: "container",
      body: "HostConfig: {MemorySwappiness: 101}",
      findings: [["manifest/limit", [...HC, "MemorySwappiness"], "101"]],
    },
  ],
  "Healthcheck durations: 0 or ≥ 1 ms in nanoseconds": [
    {
      kind: "container",
      body: "Healthcheck: {Interval: 999999, Timeout: 1, StartPeriod: 1000000}",
      findings: [
        ["manifest/limit", ["Healthcheck", "Interval"], "999999"],
        ["manifest/limit", ["Healthcheck", "Timeout"], "1"],
      ],
    },
    { kind: "container", body: "Healthcheck: {Interval: 0, Timeout: 1000000, StartPeriod: 0}", findings: [] },
    {
      kind: "container",
      body: "Healthcheck: {StartPeriod: 999999}",
      findings: [["manifest/limit", ["Healthcheck", "StartPeriod"], "999999"]],
    },
    {
      kind: "container",
      body: 'Healthcheck: {Interval: "30s"}',
      findings: [["manifest/invalid-type", ["Healthcheck", "Interval"], '"30s"']],
    },
  ],
  "MemorySwap vs Memory": [
    {
      kind: "container",
      body: "HostConfig: {Memory: 67108864, MemorySwap: 67108863}",
      findings: [["manifest/constraint", [...HC, "MemorySwap"], "67108863"]],
    },
    { kind: "container", body: "HostConfig: {Memory: 67108864, MemorySwap: 67108864}", findings: [] },
    { kind: "container", body: "HostConfig: {Memory: 67108864, MemorySwap: -1}", findings: [] },
    {
      kind: "container",
      body: "HostConfig: {MemorySwap: 134217728}",
      findings: [["manifest/constraint", [...HC, "MemorySwap"], "134217728"]],
    },
  ],
  "PidsLimit (-1 unlimited)": [
    {
      kind: "container",
      body: "HostConfig: {PidsLimit: -2}",
      findings: [["manifest/ignored-value", [...HC, "PidsLimit"], "-2"]],
    },
    { kind: "container", body: "HostConfig: {PidsLimit: -1}", findings: [] },
    { kind: "container", body: "HostConfig: {PidsLimit: 100}", findings: [] },
  ],
  "ShmSize ≥ 0 (0: the default)": [
    {
      kind: "container",
      body: "HostConfig: {ShmSize: -1}",
      findings: [["manifest/limit", [...HC, "ShmSize"], "-1"]],
    },
    { kind: "container", body: "HostConfig: {ShmSize: 0}", findings: [] },
    { kind: "container", body: "HostConfig: {ShmSize: 1}", findings: [] },
  ],
  RestartPolicy: [
    {
      kind: "container",
      body: "HostConfig: {RestartPolicy: {Name: on-failure, MaximumRetryCount: 0}}",
      findings: [],
    },
    {
      kind: "container",
      body: "HostConfig: {RestartPolicy: {Name: on-failure, MaximumRetryCount: -1}}",
      findings: [["manifest/limit", [...HC, "RestartPolicy", "MaximumRetryCount"], "-1"]],
    },
    {
      kind: "container",
      body: "HostConfig: {RestartPolicy: {Name: always, MaximumRetryCount: 3}}",
      findings: [["manifest/constraint", [...HC, "RestartPolicy", "MaximumRetryCount"], "3"]],
    },
    {
      kind: "container",
      body: "HostConfig: {RestartPolicy: {Name: sometimes}}",
      findings: [["manifest/invalid-value", [...HC, "RestartPolicy", "Name"], "sometimes"]],
    },
  ],
  "PortBindings keys <port>/<protocol>, HostPort a string": [
    { kind: "container", body: "HostConfig: {PortBindings: {80/tcp: [{HostPort: '8080'}]}}", findings: [] },
    { kind: "container", body: "HostConfig: {PortBindings: {65535/udp: []}}", findings: [] },
    {
      kind: "container",
      body: "HostConfig: {PortBindings: {65536/tcp: []}}",
      findings: [["manifest/invalid-value", [...HC, "PortBindings", "65536/tcp"], "65536/tcp"]],
    },
    {
      kind: "container",
      body: "HostConfig: {PortBindings: {http/tcp: []}}",
      findings: [["manifest/invalid-value", [...HC, "PortBindings", "http/tcp"], "http/tcp"]],
    },
    {
      kind: "container",
      body: "HostConfig: {PortBindings: {80/tcp: [{HostPort: 8080}]}}",
      findings: [["manifest/invalid-type", [...HC, "PortBindings", "80/tcp", 0, "HostPort"], "8080"]],
    },
  ],
  "service Mode and EndpointSpec": [
    { kind: "service", body: "Mode: {Replicated: {Replicas: 0}}", findings: [] },
    {
      kind: "service",
      body: "Mode: {Replicated: {Replicas: -1}}",
      findings: [["manifest/limit", ["Mode", "Replicated", "Replicas"], "-1"]],
    },
    {
      kind: "service",
      body: "Mode: {Replicated: {Replicas: 1}, Global: {}}",
      findings: [["manifest/constraint", ["Mode", "Global"], "Global"]],
    },
    { kind: "service", body: "EndpointSpec: {Mode: dnsrr}", findings: [] },
    {
      kind: "service",
      body: "EndpointSpec: {Mode: dns}",
      findings: [["manifest/invalid-value", ["EndpointSpec", "Mode"], "dns"]],
    },
    {
      kind: "service",
      body: "EndpointSpec: {Mode: dnsrr, Ports: [{Protocol: tcp, TargetPort: 80}]}",
      findings: [["manifest/constraint", ["EndpointSpec", "Ports"], "Ports"]],
    },
    {
      kind: "service",
      body: "EndpointSpec: {Ports: [{Protocol: tcp, TargetPort: 65535, PublishedPort: 65536}]}",
      findings: [["manifest/limit", ["EndpointSpec", "Ports", 0, "PublishedPort"], "65536"]],
    },
  ],
};

/** The JSON form of a YAML manifest, pretty-printed (a different layout, so ranges are really recomputed). */
function asJson(yamlText: string): string {
  return JSON.stringify(parse(yamlText), null, 2);
}

describe.each(Object.entries(cases))("%s", (_name, list) => {
  it.each(list.map((c) => [c.body, c] as const))("%s", (_body, c) => {
    const yamlText = `${BASE[c.kind] ?? ""}${c.body}\n`;
    const yaml = checkManifest(yamlText, { fileName: `m.${c.kind}.yaml`, apiVersion: "1.41" });
    expect(yaml.findings.map((f) => [f.code, f.path, textAt(yamlText, f.range)])).toEqual(c.findings);

    const jsonText = asJson(yamlText);
    const json = checkManifest(jsonText, { fileName: `m.${c.kind}.json`, apiVersion: "1.41" });
    expect(json.findings.map((f) => [f.code, f.path])).toEqual(
      c.findings.map(([code, path]) => [code, path]),
    );
    // In JSON, keys and strings are quoted: the range covers the same token with its quotes.
    const jsonTexts = json.findings.map((f) => textAt(jsonText, f.range));
    expect(jsonTexts).toEqual(
      c.findings.map(([, , text]) => {
        const plain = text.replace(/^["']|["']$/g, "");
        return /^-?\d+(\.\d+)?$/.test(plain) && !/^["']/.test(text) ? plain : JSON.stringify(plain);
      }),
    );
  });
});
