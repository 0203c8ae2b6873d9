package classify

import "testing"

// TestEcosystemToolsHeldOut holds spellings written after the rows of
// dataCases, docCases, appleCases and subcommandCases were done: other
// options, orders and programs of the same classes (issue 29, classes 1,
// 3, 5 and 6).
func TestEcosystemToolsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		low("jupyter nbconvert --to markdown --output-dir docs/ nb.ipynb", "notebook-convert"),
		medium("jupyter nbconvert --execute --to html --ExecutePreprocessor.kernel_name=python3 nb.ipynb", "notebook-run"),
		high("jupyter nbconvert --NbConvertApp.postprocessor_class=x.Y nb.ipynb", "notebook-option"),
		high("jupyter server --port 9000", "run-server"),
		low("jupytext --to py:percent nb.ipynb", "notebook-convert"),
		high("nbstripout --uninstall", "nbstripout-install"),
		medium("dbt ls --resource-type model", "data-project"),
		high("dbt snapshot --select orders", "warehouse-write"),
		high("dbt run-operation grant_select", "warehouse-write"),
		medium("dbt --debug parse", "data-project"),
		medium("dvc fetch", "data-pull"),
		high("dvc exp push origin exp-1", "data-push"),
		high("quarto serve", "run-server"),
		medium("mdbook build book", "build"),
		medium("hugo --gc --logLevel info", "build"),
		high("hugo -s site server", "run-server"),
		medium("jekyll b -d _site", "build"),
		high("jekyll s --livereload", "run-server"),
		high("sphinx-autobuild docs docs/_build/html", "run-server"),
		medium("glibtoolize --copy", "build"),
		medium("autopoint --force", "build"),
		high("pandoc --filter ./filter.py in.md -o out.md", "runs-program"),
		minimal("xcodebuild -showsdks", "xcode-info"),
		medium("xcodebuild test -workspace App.xcworkspace -scheme App", "build"),
		minimal("xcrun -f swift", "xcrun-find"),
		medium("xcrun -sdk macosx swiftc -o build/a a.swift", "build"),
		medium("set -o pipefail && xcodebuild build | xcbeautify --quiet", "build"),
		low("zig fmt build.zig", "format-write"),
		minimal("deno fmt --check src/", "check-only"),
		low("flutter format lib/", "format-write"),
		minimal("dart format --output show lib/main.dart", "check-only"),
		medium("terragrunt plan", "terragrunt-plan"),
		high("terragrunt output -json", "terragrunt-print-sensitive"),
		minimal("podman compose config --images", "compose-config-names"),
		high("docker compose -f prod.yml config", "compose-config-values"),
		low("composer config optimize-autoloader true", "composer-config-set"),
		high("composer config secure-http false", "composer-config"),
		medium("composer exec rector -- process src", "run-local-bin"),
		medium("vendor/bin/psalm --show-info=true", "run-project-bin"),
		medium("vendor/bin/pest --parallel", "run-project-bin"),
		medium("./node_modules/.bin/prettier --check .", "run-project-bin"),
		high("node_modules/.bin/some-script", "run-path"),
	} {
		checkCase(t, tc, testEnv)
	}
}
