package classify

// everydayCases are issue 14's classes: everyday development at the least
// level a person expects, and next to each the neighbours that must stay
// where they are (the harm rows of issue 9 are untouched).
var everydayCases = []classifyCase{

	// ---- class 2: runners judged as what they run ----
	medium("npx --no tsc --noEmit", "run-local-bin"),
	high("npx tsc --noEmit", "run-package"),
	medium("python -m pytest -q", "build"),
	medium("python3 -m mypy src", "lint"),
	medium("python -m pre_commit run --all-files", "build"),

	// ---- class 3: everyday build and test commands ----
	medium("python -m venv .venv", "python-venv"),
	medium("python3 -m venv venv --prompt app", "python-venv"),
	high("python -m venv /opt/venv", ""),
	medium("python -m unittest", "build"),
	medium("python -m unittest discover -s tests", "build"),
	medium("python -m build", "build"),
	medium("python -m build --wheel", "build"),
	medium("python -m compileall .", "python-compile"),
	medium("python -m py_compile app.py", "python-compile"),
	medium("python -m ensurepip", "package-install"),
	minimal("python -m json.tool data.json", "read-only"),
	minimal("python -m site", "python-info"),
	medium("python -m pydoc json", "python-module-doc"),
	high("python -m pydoc -p 8080", "run-server"),
	high("python -m http.server", "run-server"),
	minimal("ruby -c app.rb", "syntax-check"),
	minimal("ruby -wc lib/x.rb", "syntax-check"),
	high("ruby -c -r./evil app.rb", ""),
	minimal("node --check index.js", "syntax-check"),
	minimal("node -c src/a.js src/b.js", "syntax-check"),
	minimal("php -l index.php", "syntax-check"),
	// after the script, an option is the script's own: the script runs
	high("node server.js -c config.json", "run-program-file"),
	high("ruby app.rb -c", "run-program-file"),
	high("php tool.php -l", "run-program-file"),
	high("perl -c script.pl", ""),

	// ---- class 6: deletes inside the workspace (design §2.6) ----
	medium("find . -name '*.o' | xargs rm -f", "rm"),
	medium("find build -name '*.tmp' -print0 | xargs -0 rm", "rm"),
	dangerous("find . | xargs rm -rf", "rm-recursive-force"),
	dangerous("find . -printf '/etc/%f\\n' | xargs rm -f", ""),
	dangerous("find -L . -name '*.o' | xargs rm -rf", ""),
	dangerous("find . -name '*.o' | grep -v keep | xargs rm -f", "delete-unknown"),

	// ---- class 7: scratch files in the temporary directory ----
	medium("make 2>&1 | tee /tmp/build-output.txt", "build"),
	medium("cargo test 2>&1 | tee -a /tmp/test.log", "build"),
	low("echo done >> /tmp/notes.txt", "write-file"),
}
