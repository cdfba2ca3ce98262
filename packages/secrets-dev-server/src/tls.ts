/**
 * `makeSelfSignedCertificate`: a one-day self-signed certificate for the dev server's HTTPS listener on
 * 127.0.0.1 (secrets §1: clients must verify TLS).
 */
import { generate } from "selfsigned";

/** A certificate and key for the HTTPS listener (PEM). */
export interface DevCertificate {
  cert: string;
  key: string;
}

/**
 * Makes a self-signed certificate for `127.0.0.1` / `localhost`, valid for one day. Clients verifying
 * TLS must be given `cert` as their CA (`SVC_CACERT`), or they fail — which is what tests check.
 */
export async function makeSelfSignedCertificate(): Promise<DevCertificate> {
  const notAfterDate = new Date(Date.now() + 24 * 3600 * 1000);
  const pems = await generate([{ name: "commonName", value: "enginekit-secrets-dev" }], {
    keySize: 2048,
    algorithm: "sha256",
    notAfterDate,
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", keyCertSign: true, digitalSignature: true, keyEncipherment: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 7, ip: "127.0.0.1" },
          { type: 2, value: "localhost" },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
