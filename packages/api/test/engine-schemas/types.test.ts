import { describe, expectTypeOf, it } from "vitest";
import type {
  ContainerCreateBody,
  ContainerInspect,
  ContainerListQuery,
  HostConfig,
  Service,
  ServiceSpec,
} from "../../src/engine/schemas/index.js";

/** Type-level checks (enforced by `typecheck`): the inferred types are precise where consumers rely on them. */
describe("inferred types", () => {
  it("request types keep enums, numbers and keyed filters", () => {
    expectTypeOf<NonNullable<HostConfig["RestartPolicy"]>["Name"]>().toEqualTypeOf<
      "" | "no" | "always" | "unless-stopped" | "on-failure" | undefined
    >();
    expectTypeOf<ContainerCreateBody["Image"]>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<ContainerListQuery["filters"]>>().toHaveProperty("status");
    expectTypeOf<ServiceSpec["TaskTemplate"]["ContainerSpec"]["Image"]>().toEqualTypeOf<string>();
  });
  it("response views are optional, nullable and open", () => {
    expectTypeOf<NonNullable<ContainerInspect["HostConfig"]>["Memory"]>().toEqualTypeOf<
      number | null | undefined
    >();
    expectTypeOf<NonNullable<NonNullable<Service["Spec"]>["Mode"]>>().toHaveProperty("Replicated");
  });
});
