package classify

import "strings"

// Notebooks and data tooling (issue 29, class 1): converting a notebook
// writes a file in the workspace; executing one runs its cells, which are
// the project's code, as running its tests does; a notebook server runs on.
// A data pipeline that writes to a remote warehouse changes a system
// outside this machine (high); one that only reads it is a remote read
// (medium, design §2.8).

var (
	ruleNotebookConvert = rule{id: "notebook-convert", level: Low, why: "converts notebooks or documents into files in the workspace"}
	ruleNotebookRun     = rule{id: "notebook-run", level: Medium, why: "runs the code cells of the project's notebooks", unseen: true}
	ruleNotebookOption  = rule{id: "notebook-option", level: High, why: "sets a notebook tool's configuration option permguard does not know, which can load other code"}
	ruleNotebookHooks   = rule{id: "nbstripout-install", level: High, why: "writes git configuration that runs a program on every checkout, diff and commit"}
	ruleNotebookStatus  = rule{id: "notebook-status", level: Minimal, why: "reports a notebook tool's state, changing nothing"}
	ruleDataPipeline    = rule{id: "data-pipeline", level: Medium, why: "runs the commands of the project's data pipeline", unseen: true}
	ruleDataPull        = rule{id: "data-pull", level: Medium, why: "downloads the project's data from its configured remote into the workspace", sends: true}
	ruleDataPush        = rule{id: "data-push", level: High, why: "sends the project's data to a remote store", sends: true}
	ruleWarehouseRead   = rule{id: "warehouse-read", level: Medium, why: "runs the project's read-only queries against its configured database or warehouse"}
	ruleWarehouseWrite  = rule{id: "warehouse-write", level: High, why: "creates or replaces tables in the configured database or warehouse, a remote system"}
	ruleDataProject     = rule{id: "data-project", level: Medium, why: "parses, compiles or lists the data project's models in the workspace", unseen: true}
	ruleDataInfo        = rule{id: "data-info", level: Minimal, why: "prints the data tool's version or the pipeline's state, changing nothing"}
	ruleDvcRemote       = rule{id: "dvc-remote", level: Low, why: "changes the remotes in the project's dvc configuration"}
	ruleDvcRemoteGlobal = rule{id: "dvc-remote-global", level: High, why: "changes the remotes in your own or the machine's dvc configuration, outside the workspace"}
)

var dataTools = []tool{
	{names: "jupyter", rule: rule{id: "jupyter", level: High, why: "runs a jupyter command permguard does not know"}, subs: []sub{
		{words: "nbconvert", rule: ruleNotebookConvert, check: nbconvertCheck},
		{words: "execute", rule: ruleNotebookRun, check: notebookOptions},
		{words: "notebook", rule: serverRule}, {words: "lab", rule: serverRule}, {words: "server", rule: serverRule}, {words: "nbclassic", rule: serverRule},
		{words: "--version", rule: ruleDataInfo}, {words: "--paths", rule: ruleDataInfo}, {words: "kernelspec list", rule: ruleDataInfo},
		{words: "kernelspec install", rule: globalRule},
	}},
	{names: "jupytext", rule: ruleNotebookConvert, check: jupytextCheck},
	{names: "nbstripout", rule: ruleNotebookStatus, check: nbstripoutCheck},
	{names: "papermill", rule: ruleNotebookRun, check: papermillCheck},
	{names: "dbt", rule: rule{id: "dbt", level: High, why: "runs a dbt command permguard does not know"}, valueOpts: "--profiles-dir --project-dir --target -t --log-path --target-path",
		subs: []sub{
			{words: "--version", rule: ruleDataInfo}, {words: "--help", rule: ruleDataInfo},
			{words: "parse", rule: ruleDataProject}, {words: "ls", rule: ruleDataProject}, {words: "list", rule: ruleDataProject}, {words: "clean", rule: ruleDataProject},
			// compile and debug connect to the warehouse to read
			// (introspective queries, a connection test); test and
			// freshness run SELECTs
			{words: "compile", rule: ruleWarehouseRead}, {words: "debug", rule: ruleWarehouseRead}, {words: "show", rule: ruleWarehouseRead},
			{words: "test", rule: ruleWarehouseRead, flags: []flagRule{{opts: "--store-failures", rule: ruleWarehouseWrite}}},
			{words: "source freshness", rule: ruleWarehouseRead}, {words: "docs generate", rule: ruleWarehouseRead},
			{words: "deps", rule: pkgInstall},
			{words: "run", rule: ruleWarehouseWrite}, {words: "build", rule: ruleWarehouseWrite}, {words: "seed", rule: ruleWarehouseWrite},
			{words: "snapshot", rule: ruleWarehouseWrite}, {words: "run-operation", rule: ruleWarehouseWrite}, {words: "retry", rule: ruleWarehouseWrite},
			{words: "docs serve", rule: serverRule},
		}},
	{names: "dvc", rule: rule{id: "dvc", level: High, why: "runs a dvc command permguard does not know"}, valueOpts: "--cd", subs: []sub{
		{words: "repro", rule: ruleDataPipeline}, {words: "exp run", rule: ruleDataPipeline},
		{words: "pull", rule: ruleDataPull}, {words: "fetch", rule: ruleDataPull},
		{words: "push", rule: ruleDataPush}, {words: "exp push", rule: ruleDataPush},
		{words: "status", rule: ruleDataInfo, flags: []flagRule{{opts: "-c --cloud -r --remote", rule: ruleDataPull}}},
		{words: "dag", rule: ruleDataInfo}, {words: "version", rule: ruleDataInfo}, {words: "--version", rule: ruleDataInfo},
		// the project's remotes: listed, or written in .dvc/config (the
		// user's or the machine's with --global or --system)
		{words: "remote list", rule: ruleDataInfo},
		{words: "remote add", rule: ruleDvcRemote, flags: []flagRule{{opts: "--global --system", rule: ruleDvcRemoteGlobal}}},
		{words: "remote modify", rule: ruleDvcRemote, flags: []flagRule{{opts: "--global --system", rule: ruleDvcRemoteGlobal}}},
		{words: "remote default", rule: ruleDvcRemote, flags: []flagRule{{opts: "--global --system", rule: ruleDvcRemoteGlobal}}},
		{words: "remote rename", rule: ruleDvcRemote, flags: []flagRule{{opts: "--global --system", rule: ruleDvcRemoteGlobal}}},
		{words: "remote remove", rule: ruleDvcRemote, flags: []flagRule{{opts: "--global --system", rule: ruleDvcRemoteGlobal}}},
		{words: "metrics show", rule: ruleDataInfo}, {words: "metrics diff", rule: ruleDataInfo}, {words: "params diff", rule: ruleDataInfo}, {words: "exp show", rule: ruleDataInfo},
	}},
	{names: "great_expectations", rule: rule{id: "great-expectations", level: High, why: "runs a great_expectations command permguard does not know"}, subs: []sub{
		{words: "checkpoint run", rule: ruleWarehouseRead}, {words: "--version", rule: ruleDataInfo},
	}},
	{names: "mlflow", rule: rule{id: "mlflow", level: High, why: "runs an mlflow command permguard does not know"}, subs: []sub{
		{words: "run", rule: ruleDataPipeline, check: mlflowRunCheck},
		{words: "server", rule: serverRule}, {words: "ui", rule: serverRule}, {words: "--version", rule: ruleDataInfo},
	}},
	{names: "quarto", rule: rule{id: "quarto", level: High, why: "runs a quarto command permguard does not know"}, subs: []sub{
		{words: "render", rule: ruleNotebookRun, check: func(c *call) { writeOpts(c, "--output-dir -o --output") }},
		{words: "preview", rule: serverRule}, {words: "serve", rule: serverRule},
		{words: "publish", rule: ruleDeploySite},
		{words: "check", rule: ruleDataInfo}, {words: "--version", rule: ruleDataInfo},
		{words: "install", rule: globalRule},
	}},
}

// nbconvertOptions are the traitlets options of nbconvert that only tune
// what its known preprocessors do; any other --Class.trait can name a
// class or file of Python to load.
var nbconvertTraits = []string{"--ExecutePreprocessor.", "--ClearOutputPreprocessor.", "--ClearMetadataPreprocessor.",
	"--TagRemovePreprocessor.", "--NbConvertApp.output_files_dir", "--TemplateExporter.exclude_", "--NotebookExporter.", "--HTMLExporter.theme"}

// notebookOptions raises a call for a configuration file (Python that
// runs) or a traitlets option not known to only tune.
func notebookOptions(c *call) {
	for _, a := range c.args {
		if a.dyn {
			if strings.HasPrefix(a.val, "-") {
				c.raiseWith(ruleNotebookOption, occurrence{detail: a.val})
			}
			continue
		}
		if a.val == "--" {
			return
		}
		name, _, _ := strings.Cut(a.val, "=")
		switch {
		case name == "--config" || name == "--post" || name == "--template-file" || name == "--extra-template-basedir":
			c.raiseWith(ruleNotebookOption, occurrence{detail: name})
		case strings.HasPrefix(name, "--") && strings.Contains(name, "."):
			known := false
			for _, p := range nbconvertTraits {
				if strings.HasPrefix(name, p) {
					known = true
				}
			}
			if !known {
				c.raiseWith(ruleNotebookOption, occurrence{detail: name})
			}
		}
	}
}

// nbconvertCheck: --execute runs the cells; the output lands where
// --output-dir says.
func nbconvertCheck(c *call) {
	notebookOptions(c)
	if c.hasOpt("--execute") {
		c.raise(ruleNotebookRun)
	}
	writeOpts(c, "--output-dir")
}

// jupytextCheck: --pipe and --check run the command they are given on
// each notebook; --execute runs the cells.
func jupytextCheck(c *call) {
	execOpts(c, "--pipe --check --pipe-fmt")
	if c.hasOpt("--execute") {
		c.raise(ruleNotebookRun)
	}
}

// nbstripoutCheck: plain nbstripout rewrites the notebooks it is given;
// --install and --uninstall change git's configuration (a filter that
// runs on every checkout); --is-installed, --status, --dry-run and
// --textconv change nothing.
func nbstripoutCheck(c *call) {
	switch {
	case c.hasOpt("--install --uninstall --attributes"):
		c.raise(ruleNotebookHooks)
	case c.hasOpt("--is-installed --status --dry-run -t --textconv --version --help -h"):
	default:
		c.raise(ruleNotebookConvert)
	}
}

// papermillCheck: papermill IN OUT runs IN and writes OUT; either may be a
// URL (s3://, gs://, http://), which is the network.
func papermillCheck(c *call) {
	ps := c.words("-p --parameters -r --parameters_raw -f --parameters_file -y --parameters_yaml -b --parameters_base64 -k --kernel -l --language --cwd --engine --execution-timeout --start-timeout --log-level")
	for i, a := range ps {
		if a.dyn || strings.Contains(a.val, "://") {
			c.raise(netRule)
			continue
		}
		if i == 1 && a.val != "-" {
			if ru, bad := c.ctx.writeRule(a); bad {
				c.raise(ru)
			}
		}
	}
	if c.hasOpt("--cwd") {
		writeOpts(c, "--cwd")
	}
}

// mlflowRunCheck: mlflow run URI runs the project at URI, which may be a
// git repository it downloads; a backend other than local runs it
// elsewhere.
func mlflowRunCheck(c *call) {
	for _, a := range c.words("-e --entry-point -v --version -P --param-list -A --docker-args --experiment-name --experiment-id -b --backend -c --backend-config --env-manager --storage-dir -j --run-id --run-name --build-image") {
		if a.dyn || strings.Contains(a.val, "://") || strings.Contains(a.val, "git@") || strings.HasPrefix(a.val, "github.com") {
			c.raise(runPackage)
		}
	}
	if v, ok := c.optValue("-b --backend"); ok && (v.dyn || v.val != "local") {
		c.raise(ruleRemoteUnit)
	}
}
