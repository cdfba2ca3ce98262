import { createHash } from "node:crypto";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EngineClient, EngineConfigError, EngineConnectionError } from "../../src/engine/client/index.js";

/**
 * A self-signed certificate for 127.0.0.1 (selfsigned, the same generator the secrets dev server uses); it
 * is the CA, the server's certificate and the client's certificate.
 */
async function makeCertificates(folder: string): Promise<void> {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keySize: 2048,
    algorithm: "sha256",
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", keyCertSign: true, digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true, clientAuth: true },
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
  });
  writeFileSync(join(folder, "cert.pem"), pems.cert);
  writeFileSync(join(folder, "ca.pem"), pems.cert);
  writeFileSync(join(folder, "key.pem"), pems.private);
}

describe("TLS from ENGINE_TLS_VERIFY and ENGINE_CERT_PATH (real HTTPS server on 127.0.0.1)", () => {
  let folder: string;
  let server: Server;
  let host: string;
  const clientCertificates: string[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "enginekit-tls-"));
    await makeCertificates(folder);
    const cert = readFileSync(join(folder, "cert.pem"));
    server = createServer(
      {
        cert,
        key: readFileSync(join(folder, "key.pem")),
        ca: cert,
        requestCert: true,
        rejectUnauthorized: true,
      },
      (req, res) => {
        clientCertificates.push(String((req.socket as TLSSocket).getPeerCertificate().subject?.CN ?? ""));
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("OK");
      },
    );
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    host = `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(folder, { recursive: true, force: true });
  });

  test("verifies the server with ca.pem and presents cert.pem/key.pem (mutual TLS)", async () => {
    const client = new EngineClient({
      host,
      negotiate: false,
      env: { ENGINE_TLS_VERIFY: "1", ENGINE_CERT_PATH: folder },
    });
    try {
      expect(client.address).toBe(`${host} (TLS)`);
      expect(await client.system.ping()).toBe("OK");
      expect(clientCertificates).toEqual(["127.0.0.1"]);
    } finally {
      await client.close();
    }
  });

  test("DOCKER_TLS_VERIFY and DOCKER_CERT_PATH work as the ENGINE_* names do", async () => {
    const client = new EngineClient({
      negotiate: false,
      env: { DOCKER_HOST: host, DOCKER_TLS_VERIFY: "1", DOCKER_CERT_PATH: folder },
    });
    try {
      expect(client.address).toBe(`${host} (TLS)`);
      expect(await client.system.ping()).toBe("OK");
    } finally {
      await client.close();
    }
  });

  test("a context's own TLS material (contexts/tls/<sha256>/docker) is used for its tcp endpoint", async () => {
    const config = mkdtempSync(join(tmpdir(), "enginekit-context-tls-"));
    const digest = createHash("sha256").update("secure").digest("hex");
    mkdirSync(join(config, "contexts", "meta", digest), { recursive: true });
    writeFileSync(
      join(config, "contexts", "meta", digest, "meta.json"),
      JSON.stringify({ Name: "secure", Endpoints: { docker: { Host: host, SkipTLSVerify: false } } }),
    );
    const tlsFolder = join(config, "contexts", "tls", digest, "docker");
    mkdirSync(tlsFolder, { recursive: true });
    for (const file of ["ca.pem", "cert.pem", "key.pem"]) {
      writeFileSync(join(tlsFolder, file), readFileSync(join(folder, file)));
    }
    const before = clientCertificates.length;
    const client = new EngineClient({
      negotiate: false,
      env: { DOCKER_CONFIG: config, DOCKER_CONTEXT: "secure" },
    });
    try {
      expect(client.address).toBe(`${host} (TLS)`);
      expect(client.addressSource).toBe('context "secure" (DOCKER_CONTEXT)');
      expect(await client.system.ping()).toBe("OK");
      expect(clientCertificates.slice(before)).toEqual(["127.0.0.1"]);
    } finally {
      await client.close();
      rmSync(config, { recursive: true, force: true });
    }
  });

  test("a server certificate no CA vouches for is a connection error", async () => {
    const empty = mkdtempSync(join(tmpdir(), "enginekit-tls-empty-"));
    const client = new EngineClient({
      host,
      negotiate: false,
      env: { ENGINE_TLS_VERIFY: "1", ENGINE_CERT_PATH: empty },
    });
    try {
      await expect(client.system.ping()).rejects.toBeInstanceOf(EngineConnectionError);
    } finally {
      await client.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test("cert.pem without key.pem is a configuration error naming the file", () => {
    const partial = mkdtempSync(join(tmpdir(), "enginekit-tls-partial-"));
    writeFileSync(join(partial, "cert.pem"), readFileSync(join(folder, "cert.pem")));
    try {
      expect(
        () => new EngineClient({ host, env: { ENGINE_TLS_VERIFY: "1", ENGINE_CERT_PATH: partial } }),
      ).toThrow(EngineConfigError);
      expect(
        () => new EngineClient({ host, env: { ENGINE_TLS_VERIFY: "1", ENGINE_CERT_PATH: partial } }),
      ).toThrow(join(partial, "key.pem"));
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  });
});
