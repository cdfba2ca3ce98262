/**
 * `AuthSession`: what a login said about the new token (accessor, policies, lease, metadata), without the
 * token itself, so it is safe to print and log (secrets §5).
 */
import { inspect } from "node:util";
import type { AuthInfo } from "../schemas/envelope.js";

/**
 * The result of a login: what the service said about the new token, without the token itself (the
 * client keeps it and uses it for later calls). Safe to print and log.
 */
export class AuthSession {
  readonly accessor: string;
  readonly policies: readonly string[];
  readonly tokenPolicies: readonly string[];
  /** Token lifetime in seconds; 0 = never expires. */
  readonly leaseDuration: number;
  readonly renewable: boolean;
  readonly metadata: Readonly<Record<string, string>>;
  /** Non-null when the service requires MFA validation before the token is usable (not supported). */
  readonly mfaRequired: boolean;

  constructor(auth: AuthInfo) {
    this.accessor = auth.accessor;
    this.policies = auth.policies;
    this.tokenPolicies = auth.token_policies ?? auth.policies;
    this.leaseDuration = auth.lease_duration;
    this.renewable = auth.renewable;
    this.metadata = auth.metadata ?? {};
    this.mfaRequired = auth.mfa_requirement !== undefined && auth.mfa_requirement !== null;
  }

  [inspect.custom](): string {
    return `AuthSession { accessor: ${this.accessor}, policies: [${this.policies.join(", ")}], leaseDuration: ${this.leaseDuration} }`;
  }
}
