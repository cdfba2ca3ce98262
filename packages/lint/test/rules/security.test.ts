import { parseIgnoreFile } from "@enginekit/build-context/ignore";
import { describe, expect, test } from "vitest";
import copyIgnoredFile from "../../src/rules/security/copy-ignored-file.js";
import secretNameInArgEnv, { looksSecret } from "../../src/rules/security/secret-name-in-arg-env.js";
import secretReferenceInArgEnv from "../../src/rules/security/secret-reference-in-arg-env.js";
import { testRule } from "../../src/testing/rule-tester.js";

describe("looksSecret (BuildKit tokens, with the noise complaints of moby/buildkit#5775 allowed)", () => {
  test.each([
    ["AWS_SECRET_ACCESS_KEY", true],
    ["apiToken", true],
    ["NPM_AUTH", true],
    ["DB_PASSWD", true],
    ["GH_APIKEY", true],
    ["KMS_KEY_ALIAS", false],
    ["PUBLIC_KEY", false],
    ["PASSWORD_FILE", false],
    ["TOKEN_VERSION", false],
    ["MONKEY", false],
    ["KEYBOARD_LAYOUT", false],
    ["GPG_KEY", false],
    ["OPENSSL_PGP_KEY_IDS", false],
    // the id of an access key pairs with its secret
    ["AWS_ACCESS_KEY_ID", true],
    // a secret's word written without a separator (PostgreSQL's PGPASSWORD)
    ["PGPASSWORD", true],
    ["MYSQL_ROOTPASSWORD", true],
    ["PASSWORDLESS_LOGIN", false],
    ["NPMTOKEN_FILE", false],
    ["minioAccessKeyId", true],
    ["PUBLIC_ACCESS_KEY_ID", false],
  ])("%s → %s", (name, expected) => expect(looksSecret(name)).toBe(expected));
});

testRule(secretNameInArgEnv, {
  valid: [{ code: "FROM a:1\nARG NODE_VERSION\nENV SSH_AUTH_SOCK_PATH=/s\n" }],
  invalid: [
    { code: "ARG NPM_TOKEN\nFROM a:1\nENV A=1 ApiKey=x\n", errors: ["1:5-1:14", "3:9-3:15"] },
    // ONBUILD triggers are checked as well
    { code: "FROM a:1\nONBUILD ARG PGPASSWORD=postgres\n", errors: ["2:13-2:23"] },
  ],
});

testRule(secretReferenceInArgEnv, {
  valid: [{ code: "FROM a:1\nENV NOTE=svcs:x\nLABEL ref=svc:secret/data/a#b\n" }],
  invalid: [
    {
      code: 'FROM a:1\nARG DB="svc:kv/app/db#pw"\nENV A=1 \\\n  B=prefix:svc:secret/data/x#y\n',
      errors: ["2:9-2:25", "4:12-4:31"],
    },
  ],
});

const ignored = (path: string) => path === "secrets" || path.startsWith("secrets/") || path.endsWith(".env");

testRule(copyIgnoredFile, {
  valid: [
    { code: "FROM a:1\nCOPY secrets /s\n" },
    {
      code: "FROM a:1 AS b\nFROM a:1\nCOPY --from=b secrets /s\nCOPY *.env /e/\nCOPY src/ /app/\n",
      settings: { enginefile: { isIgnored: ignored } },
    },
    // an allow-list (`*` then exceptions) leaves paths in the context: COPY . copies them
    { code: "FROM a:1\nCOPY . .\n", settings: { enginefile: ignoreFile("*\n!src\n!package.json\n") } },
    { code: "FROM a:1\nCOPY . .\n", settings: { enginefile: ignoreFile("*.log\nnode_modules\n") } },
  ],
  invalid: [
    {
      code: "FROM a:1\nCOPY ./secrets/key.pem .prod.env /app/\nADD /secrets /s\n",
      settings: { enginefile: { isIgnored: ignored } },
      errors: ["2:6-2:23", "2:24-2:33", "3:5-3:13"],
    },
    // BuildKit's CopyIgnoredFile on `COPY . .` when the ignore file is `*`: the context is empty
    {
      code: "FROM a:1\nCOPY . .\nADD ./ /app/\n",
      settings: { enginefile: ignoreFile("*\n") },
      errors: [{ range: "2:6-2:7", message: "excludes every path of the build context" }, "3:5-3:7"],
    },
    { code: "FROM a:1\nCOPY . /srv\n", settings: { enginefile: ignoreFile("**\n") }, errors: ["2:6-2:7"] },
  ],
});

/** The lint options of an ignore file's text, read with the matcher `enginekit lint` uses. */
function ignoreFile(text: string) {
  const matcher = parseIgnoreFile(text, ".engineignore");
  return {
    isIgnored: (p: string) => matcher.matches(p).excluded,
    ignoreHasExceptions: matcher.hasExceptions,
  };
}
