import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EngineClient, EngineConfigError, EngineConnectionError } from "../../src/engine/client/index.js";

/** A self-signed certificate for 127.0.0.1 made with openssl; it is the CA, the server's and the client's. */
function makeCertificates(folder: string): void {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      join(folder, "key.pem"),
      "-out",
      join(folder, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  writeFileSync(join(folder, "ca.pem"), readFileSync(join(folder, "cert.pem")));
}

describe("TLS from ENGINE_TLS_VERIFY and ENGINE_CERT_PATH (real HTTPS server on 127.0.0.1)", () => {
  let folder: string;
  let server: Server;
  let host: string;
  const clientCertificates: string[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "enginekit-tls-"));
    makeCertificates(folder);
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
