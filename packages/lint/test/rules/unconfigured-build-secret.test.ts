// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Enginefile snippets use ${VAR} syntax
import unconfiguredBuildSecret from "../../src/rules/best-practice/unconfigured-build-secret.js";
import { testRule } from "../../src/testing/rule-tester.js";

const provided = (...ids: string[]) => ({ enginefile: { buildSecrets: ids } });
/** Compose services building the file, each with the ids its build.secrets provides. */
const composed = (services: Record<string, string[]>, configured?: string[]) => ({
  enginefile: {
    composeBuildSecrets: Object.entries(services).map(([service, ids]) => ({ service, ids })),
    ...(configured ? { buildSecrets: configured } : {}),
  },
});

testRule(unconfiguredBuildSecret, {
  valid: [
    // no build.secrets in the project: the rule is silent (secrets may come from --secret alone)
    { code: "FROM alpine:3\nRUN --mount=type=secret,id=npmrc cat /run/secrets/npmrc\n" },
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,id=npmrc cat /run/secrets/npmrc\n",
      settings: provided("npmrc"),
    },
    // the id defaults to the target's base name, source= is the id too
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,target=/root/.npmrc --mount=type=secret,src=tok true\n",
      settings: provided(".npmrc", "tok"),
    },
    // the author says the step works without it
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,id=opt,required=false true\nRUN --mount=type=secret,id=o2,required=0 true\n",
      settings: provided(),
    },
    // a build argument without a value: not judged; other mount types are not secrets
    {
      code: "FROM alpine:3\nARG S\nRUN --mount=type=secret,id=${S} true\nRUN --mount=type=ssh,id=deploy true\nRUN --mount=type=cache,id=c,target=/c true\n",
      settings: provided(),
    },
    // build arguments are resolved first
    {
      code: "FROM alpine:3\nARG S=npmrc\nRUN --mount=type=secret,id=${S} true\n",
      settings: provided("npmrc"),
    },
    // Compose services building the file: the union of their ids (and .enginekit.yaml's)
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,id=npmrc --mount=type=secret,id=tok --mount=type=secret,id=cfg true\n",
      settings: composed({ web: ["npmrc"], worker: ["tok"] }, ["cfg"]),
    },
    // services that list no build secrets: silent, as without any configuration
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,id=npmrc true\n",
      settings: composed({ web: [], worker: [] }),
    },
    // no id at all (BuildKit refuses it: invalid-mount's concern)
    { code: "FROM alpine:3\nRUN --mount=type=secret,env=TOKEN true\n", settings: provided() },
  ],
  invalid: [
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,id=npmrc cat /run/secrets/npmrc\n",
      settings: provided("netrc"),
      errors: [
        {
          range: "2:25-2:33",
          message:
            'Secret "npmrc" is not in build.secrets: unless --secret id=npmrc is given, BuildKit skips the mount silently and the step runs without /run/secrets/npmrc.',
        },
      ],
    },
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,id=npm-rc,required cat /run/secrets/npm-rc\n",
      settings: provided("npmrc"),
      errors: [
        {
          range: "2:25-2:34",
          message:
            'Secret "npm-rc" is not in build.secrets (did you mean "npmrc"?): unless --secret id=npm-rc is given, the build fails.',
        },
      ],
    },
    {
      // the target's base name is the id; env= names what the step lacks
      code: "FROM alpine:3\nARG T=/root/.aws\nRUN --mount=type=secret,target=${T} \\\n    --mount=type=secret,id=tok,env=TOKEN,required=true true\n",
      settings: provided(),
      errors: [
        { range: "3:25-3:36", message: 'Secret ".aws" is not in build.secrets' },
        { range: "4:25-4:31", message: "the build fails" },
      ],
    },
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,id=tok,env=TOKEN true\n",
      settings: provided(),
      errors: [{ range: "2:25-2:31", message: "the step runs without $TOKEN." }],
    },
    {
      // a Compose service's build.secrets: the message names the service
      code: "FROM alpine:3\nRUN --mount=type=secret,id=npmrc cat /run/secrets/npmrc\n",
      settings: composed({ web: ["npmrcc"], db: [] }),
      errors: [
        {
          range: "2:25-2:33",
          message:
            'Secret "npmrc" is not in the build.secrets of service "web" (did you mean "npmrcc"?): unless --secret id=npmrc is given, BuildKit skips the mount silently and the step runs without /run/secrets/npmrc.',
        },
      ],
    },
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,id=x,required true\n",
      settings: composed({ web: ["alpha"], api: ["beta"], jobs: ["gamma"] }),
      errors: [
        {
          range: "2:25-2:29",
          message:
            'Secret "x" is not in the build.secrets of services "web", "api" and "jobs": unless --secret id=x is given, the build fails.',
        },
      ],
    },
    {
      code: "FROM alpine:3\nRUN --mount=type=secret,id=x,required true\n",
      settings: composed({ web: ["alpha"] }, ["beta"]),
      errors: [
        {
          range: "2:25-2:29",
          message: 'Secret "x" is not in build.secrets of .enginekit.yaml nor of service "web":',
        },
      ],
    },
  ],
});
