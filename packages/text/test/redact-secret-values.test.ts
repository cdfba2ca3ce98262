/** The masking rule for secret values in output (`redactSecretValues`): what it masks and what it keeps. */
import { describe, expect, test } from "vitest";
import { redactSecretValues } from "../src/redact-secret-values.js";

describe("redactSecretValues", () => {
  test.each([
    ['ENV API_TOKEN="s3cr3t value"', "ENV API_TOKEN=**************"],
    ["ENV API_TOKEN=s3cr3t OTHER=1", "ENV API_TOKEN=****** OTHER=1"],
    ['ENV API_TOKEN="unterminated', "ENV API_TOKEN=*************"],
    ["ENV DB_PASSWORD hunter2", "ENV DB_PASSWORD *******"],
    ["ARG GITHUB_TOKEN=ghp_abc", "ARG GITHUB_TOKEN=*******"],
    ["  - DB_PASSWORD=hunter2", "  - DB_PASSWORD=*******"],
    ['  "DB_PASSWORD": "hunter2",', '  "DB_PASSWORD": *********,'],
    ["  api.token: hunter2", "  api.token: *******"],
    ["RUN login --password=hunter2 && echo ok", "RUN login --password=******* && echo ok"],
  ])("%s", (line, masked) => {
    expect(redactSecretValues(line)).toBe(masked);
  });

  test.each([
    "ENV DB_PASSWORD=$FROM_BUILD_ARG",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: an Enginefile variable, not a template
    "ENV DB_PASSWORD=${FROM_BUILD_ARG}",
    "  - DB_PASSWORD=svc:secret/data/db#password",
    "ENV POSTGRES_PASSWORD_FILE=/run/secrets/db",
    "ENV PWD=/app",
    "RUN echo $TOKEN",
    "HEALTHCHECK --interval=5s CMD true",
  ])("keeps %s", (line) => {
    expect(redactSecretValues(line)).toBe(line);
  });
});
