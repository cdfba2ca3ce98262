import apkVersionPin from "../../src/rules/pinning/apk-version-pin.js";
import aptVersionPin from "../../src/rules/pinning/apt-version-pin.js";
import dnfVersionPin from "../../src/rules/pinning/dnf-version-pin.js";
import gemVersionPin from "../../src/rules/pinning/gem-version-pin.js";
import goInstallVersionPin from "../../src/rules/pinning/go-install-version-pin.js";
import npmVersionPin from "../../src/rules/pinning/npm-version-pin.js";
import pipVersionPin from "../../src/rules/pinning/pip-version-pin.js";
import yumVersionPin from "../../src/rules/pinning/yum-version-pin.js";
import zypperVersionPin from "../../src/rules/pinning/zypper-version-pin.js";
import { testRule } from "../../src/testing/rule-tester.js";

testRule(aptVersionPin, {
  valid: [
    {
      code: "FROM a:1\nRUN apt-get install -y -t bookworm-backports git=1:2.39 nginx/stable ./x.deb $EXTRA\n",
    },
    { code: "FROM a:1\nRUN apt-get update && apt-get -y upgrade\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN apt-get update \\\n && apt-get install -y \\\n    curl \\\n    git=1:2.39\n",
      errors: [{ range: "4:5-4:9", message: "Pin the version of curl: apt-get install curl=<version>." }],
    },
    { code: "FROM a:1\nRUN sh -c 'apt-get install -y vim'\n", errors: ["2:31-2:34"] },
    { code: "FROM a:1\nONBUILD RUN apt-get install -y vim\n", errors: ["2:32-2:35"] },
  ],
});

testRule(apkVersionPin, {
  valid: [
    { code: "FROM a:1\nRUN apk add --no-cache -t .deps --repository http://r curl=8.9 git~2.45 ./x.apk\n" },
    { code: "FROM a:1\nRUN apk add --no-cache --virtual=.deps curl=8.9\n" },
  ],
  invalid: [
    { code: "FROM a:1\nRUN apk add --no-cache -X http://r curl\n", errors: ["2:36-2:40"] },
    // a constraint in quotes pins; only the unpinned package is reported
    { code: "FROM a:1\nRUN apk add \"python3<3.6.12-r2\" 'b>1' c\n", errors: ["2:39-2:40"] },
  ],
});

testRule(pipVersionPin, {
  valid: [
    { code: "FROM a:1\nRUN pip install flask==3.0 'b>=1,<2' c~=1.4 d!=2 e===1\n" },
    { code: "FROM a:1\nRUN pip install -r requirements.txt x && pip3 install --requirement=r.txt\n" },
    { code: "FROM a:1\nRUN pip install -c constraints.txt x && pip install --require-hashes y\n" },
    { code: "FROM a:1\nRUN pip install . && pip install ./pkg /wheels/a.whl b.tar.gz\n" },
    {
      code: "FROM a:1\nRUN pip install git+https://github.com/a/b@v1.2 -e ./src -i https://idx --target /opt x==1\n",
    },
  ],
  invalid: [
    { code: "FROM a:1\nRUN pip3.12 install --no-cache-dir flask\n", errors: ["2:36-2:41"] },
    // pip run as a module reads the same
    {
      code: "FROM a:1\nRUN python3 -m pip install -i https://pypi.example/simple uvicorn\n",
      errors: [{ range: "2:59-2:66", message: "pip install uvicorn==<version>" }],
    },
    {
      code: "FROM a:1\nRUN pip install git+https://github.com/a/b requests\n",
      errors: ["2:17-2:43", "2:44-2:52"],
    },
    // the values of options are not packages (`ignore` here)
    {
      code: "FROM a:1\nRUN pip install --root-user-action ignore --cache-dir /c x==1 y\n",
      errors: [{ range: "2:63-2:64", message: "Pin the version of y" }],
    },
    // pipx install (hadolint DL3013 after 2.15)
    {
      code: "FROM a:1\nRUN pipx install --suffix=@1 poetry && pipx install black==24.1.0 --pip-args '--no-cache-dir'\n",
      errors: [{ range: "2:30-2:36", message: "pipx install poetry==<version>" }],
    },
  ],
});

testRule(npmVersionPin, {
  valid: [
    {
      code: "FROM a:1\nRUN npm install && npm ci && npm install -g express@4 @types/node@20 ./local x.tgz\n",
    },
    {
      code: "FROM a:1\nRUN npm install git+https://github.com/a/b#v1 && yarn add react@18 && pnpm add vue@3\n",
    },
    { code: "FROM a:1\nRUN yarn install --frozen-lockfile && pnpm install\n" },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN npm install -g @angular/cli && yarn global add serve && pnpm add vue\n",
      errors: ["2:20-2:32", "2:52-2:57", "2:70-2:73"],
    },
    { code: "FROM a:1\nRUN npm i git+https://github.com/a/b\n", errors: ["2:11-2:37"] },
    // an option's value is not a package
    {
      code: "FROM a:1\nRUN npm install --loglevel warn --omit dev typescript@5 eslint\n",
      errors: [{ range: "2:57-2:63", message: "eslint" }],
    },
  ],
});

testRule(gemVersionPin, {
  valid: [
    { code: "FROM a:1\nRUN gem install bundler:2.5 && gem install rake -v 13 && gem i x --version=1\n" },
  ],
  invalid: [
    { code: "FROM a:1\nRUN gem install --no-document bundler\n", errors: ["2:31-2:38"] },
    // options and their values are not gems; what follows `--` goes to the gem's build
    {
      code: "FROM a:1\nRUN gem install -i /opt/gems --no-document nokogiri -- --with-xml2-include=/usr/include\n",
      errors: [{ range: "2:44-2:52", message: "nokogiri" }],
    },
  ],
});

testRule(yumVersionPin, {
  valid: [
    {
      code: "FROM a:1\nRUN yum install -y httpd-2.4 ./x.rpm && yum module install -y nodejs:20 && yum module enable x\n",
    },
  ],
  invalid: [
    { code: "FROM a:1\nRUN yum install -y httpd\n", errors: ["2:20-2:25"] },
    { code: "FROM a:1\nRUN yum module install -y nodejs\n", errors: ["2:27-2:33"] },
  ],
});

testRule(dnfVersionPin, {
  valid: [
    {
      code: "FROM a:1\nRUN dnf install -y bash-5.2.26-3.fc40 x.rpm && microdnf install y-1.0 && dnf module install z:1\n",
    },
  ],
  invalid: [
    // a dash in the name is not a version
    {
      code: "FROM a:1\nRUN dnf install -y python3-pip && microdnf install git\n",
      errors: ["2:20-2:31", "2:52-2:55"],
    },
  ],
});

testRule(zypperVersionPin, {
  valid: [{ code: "FROM a:1\nRUN zypper install -y a=1 'b>=2' 'c<3' d.rpm && zypper refresh\n" }],
  invalid: [{ code: "FROM a:1\nRUN zypper -n in curl\n", errors: ["2:18-2:22"] }],
});

testRule(goInstallVersionPin, {
  valid: [
    { code: "FROM a:1\nRUN go install golang.org/x/tools/gopls@v0.16.2 ./cmd/... . example.com/tool\n" },
    // run's program arguments; install/run without @ build what go.mod requires; get with a version
    {
      code: "FROM a:1\nRUN go run -tags netgo example.com/gen@v0.3.1 -out latest && go run ./tools/gen && go get example.com/lib@v1.4.0 && go install tool\n",
    },
  ],
  invalid: [
    {
      code: "FROM a:1\nRUN go install golang.org/x/tools/gopls@latest\n",
      errors: [{ range: "2:16-2:47", message: "go install golang.org/x/tools/gopls@<version>" }],
    },
    // go get without a version asks for the newest; go run of @latest
    {
      code: "FROM a:1\nRUN go get -u example.com/lib && go run example.com/gen@latest -v\n",
      errors: [
        { range: "2:15-2:30", message: "go get example.com/lib@<version>" },
        { range: "2:41-2:63", message: "go run example.com/gen@<version>" },
      ],
    },
  ],
});
