/**
 * The protobuf messages of the BuildKit session services enginekit serves, read and written with
 * `@bufbuild/protobuf`'s wire reader and writer (as `status-response.ts` does; field numbers from moby/buildkit):
 * `session/secrets/secrets.proto` (`GetSecretRequest{ID 1, annotations 2}`, `GetSecretResponse{data 1}`),
 * `session/auth/auth.proto` (`CredentialsRequest{Host 1}`, `CredentialsResponse{Username 1, Secret 2}`),
 * `session/sshforward/ssh.proto` (`CheckAgentRequest{ID 1}`, `BytesMessage{data 1}`) and grpc's
 * `grpc/health/v1/health.proto` (`HealthCheckResponse{status 1}`, `SERVING` = 1).
 */
import { BinaryReader, BinaryWriter } from "@bufbuild/protobuf/wire";

/** The first string field numbered `field` of a message (`ID`, `Host`), `""` when absent. */
export function readStringField(bytes: Uint8Array, field: number): string {
  const r = new BinaryReader(bytes);
  let value = "";
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === field && wire === 2) value = r.string();
    else r.skip(wire, no);
  }
  return value;
}

/** The bytes field 1 of a message (`BytesMessage.data`). */
export function readBytesField(bytes: Uint8Array): Uint8Array {
  const r = new BinaryReader(bytes);
  let value: Uint8Array = new Uint8Array(0);
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1 && wire === 2) value = r.bytes();
    else r.skip(wire, no);
  }
  return value;
}

/** A message whose field 1 holds `data` (`GetSecretResponse`, `BytesMessage`). */
export function bytesMessage(data: Uint8Array): Uint8Array {
  return new BinaryWriter().tag(1, 2).bytes(data).finish();
}

/** `CredentialsResponse{Username, Secret}` (empty strings: anonymous). */
export function credentialsResponse(username: string, secret: string): Uint8Array {
  const w = new BinaryWriter();
  if (username) w.tag(1, 2).string(username);
  if (secret) w.tag(2, 2).string(secret);
  return w.finish();
}

/** `HealthCheckResponse{status: SERVING}`. */
export const HEALTH_SERVING = new BinaryWriter().tag(1, 0).int32(1).finish();

/** An empty message (`CheckAgentResponse`). */
export const EMPTY_MESSAGE = new Uint8Array(0);
