package classify

import (
	"strings"
)

// Flags and variables that make a development tool run another program
// (design §2.8): a make variable naming the compiler, a cmake launcher or
// toolchain file, a linker in RUSTFLAGS, a compiler plugin, git bisect
// run. The build itself is development work; the program it is told to
// run instead is not known, so it is high.

var (
	ruleBuildExec   = rule{id: "build-exec", level: High, why: "makes the build run another program", effect: EffectRun}
	ruleBuildFlags  = rule{id: "build-exec-flags", level: High, why: "passes the compiler an option that loads or runs another program (a plugin, linker or wrapper)", effect: EffectRun}
	ruleBuildDynOpt = rule{id: "build-exec-dynamic", level: High, why: "passes the compiler options only known at run time, which could load or run another program", effect: EffectRun}
)

// programVars are the variable names, in make and cmake alike, whose value
// is a program the build runs: make's implicit-rule programs, the usual
// toolchain names, and the variables that choose the shell or re-read
// options.
var programVars = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"AR": true, "AS": true, "CC": true, "CXX": true, "CPP": true, "FC": true, "F77": true, "PC": true, "CO": true,
		"GET": true, "LEX": true, "YACC": true, "LINT": true, "M2C": true, "MAKEINFO": true, "TEX": true, "TEXI2DVI": true,
		"WEAVE": true, "CWEAVE": true, "TANGLE": true, "CTANGLE": true, "RM": true, "LD": true, "NM": true, "STRIP": true,
		"OBJCOPY": true, "OBJDUMP": true, "RANLIB": true, "READELF": true, "HOSTCC": true, "HOSTCXX": true, "HOSTLD": true,
		"HOSTAR": true, "CROSS_COMPILE": true, "LLVM": true, "CHECK": true, "INSTALL": true, "PKG_CONFIG": true,
		"PYTHON": true, "PYTHON3": true, "PERL": true, "RUBY": true, "NODE": true, "NPM": true, "GO": true, "CARGO": true,
		"RUSTC": true, "JAVA": true, "JAVAC": true, "DOCKER": true, "SED": true, "AWK": true, "SH": true, "BASH": true,
		"SHELL": true, "MAKESHELL": true, ".SHELLFLAGS": true, "MAKE": true, "MAKEFLAGS": true, "MFLAGS": true,
		"GNUMAKEFLAGS": true, "MAKEFILES": true, "MAKEOVERRIDES": true, "CCACHE": true, "DISTCC": true,
		// cmake
		"CMAKE_LINKER": true, "CMAKE_AR": true, "CMAKE_RANLIB": true, "CMAKE_NM": true, "CMAKE_STRIP": true,
		"CMAKE_OBJCOPY": true, "CMAKE_OBJDUMP": true, "CMAKE_MAKE_PROGRAM": true, "CMAKE_TOOLCHAIN_FILE": true,
		"CMAKE_USER_MAKE_RULES_OVERRIDE": true, "CMAKE_PROJECT_INCLUDE": true, "CMAKE_PROJECT_INCLUDE_BEFORE": true,
		"CMAKE_CROSSCOMPILING_EMULATOR": true, "CMAKE_MODULE_PATH": true, "CMAKE_PREFIX_PATH": true,
	}
}}

// programVarSuffixes end the names of variables that hold a program or a
// file of build code, whatever the project calls them: TARGET_CC,
// CMAKE_C_COMPILER_LAUNCHER, Python3_EXECUTABLE, DOC_COMMAND.
var programVarSuffixes = []string{
	"_CC", "_CXX", "_CPP", "_LD", "_AR", "_AS", "_COMPILER", "_LAUNCHER", "_LINKER", "_EXECUTABLE", "_COMMAND",
	"_CMD", "_PROG", "_PROGRAM", "_EXE", "_WRAPPER", "_RUNNER", "_EMULATOR", "_INTERPRETER", "_SHELL",
	"_CLANG_TIDY", "_CPPLINT", "_CPPCHECK", "_INCLUDE_WHAT_YOU_USE", "_TOOLCHAIN_FILE", "_INCLUDE",
}

// namesProgram reports a variable whose value is a program the build runs.
// Names compare in upper case: cmake's Python3_EXECUTABLE is one.
func namesProgram(name string) bool {
	up := strings.ToUpper(name)
	if programVars.get()[up] || envProgram.get()[up] {
		return true
	}
	for _, s := range programVarSuffixes {
		if strings.HasSuffix(up, s) {
			return true
		}
	}
	return false
}

// namesFlags reports a variable whose value is options for a compiler or
// linker: CFLAGS, LDFLAGS, RUSTFLAGS, CMAKE_CXX_FLAGS, CGO_LDFLAGS.
func namesFlags(name string) bool {
	up := strings.ToUpper(name)
	return strings.HasSuffix(up, "FLAGS") || strings.HasSuffix(up, "FLAGS_INIT") || up == "CARGO_ENCODED_RUSTFLAGS"
}

// flagsRunProgram reports whether a list of compiler, linker or rustc
// options loads or runs another program: -B (where gcc finds its
// subprograms), plugins, -wrapper, spec files, a linker given by path,
// rustc's linker and codegen backend.
func flagsRunProgram(opts []string) bool {
	for i := 0; i < len(opts); i++ {
		o := opts[i]
		// options whose value is the next word: glue it on
		switch o {
		case "-B", "-C", "-Z", "-Xclang", "-Xlinker", "-wrapper", "-specs", "--specs", "-fplugin":
			if i+1 < len(opts) {
				i++
				o += opts[i]
			}
		}
		if optRunsProgram(o) {
			return true
		}
	}
	return false
}

func optRunsProgram(o string) bool {
	name, val, _ := strings.Cut(o, "=")
	switch {
	case strings.HasPrefix(o, "-B") && len(o) > 2,
		strings.HasPrefix(o, "-fplugin"), strings.HasPrefix(o, "-fpass-plugin"), strings.HasPrefix(o, "-wrapper"),
		strings.HasPrefix(o, "-specs"), strings.HasPrefix(o, "--specs"), strings.HasPrefix(o, "--ld-path"),
		strings.HasPrefix(o, "-Xclang-load"), strings.HasPrefix(o, "-Xclang-plugin"), strings.HasPrefix(o, "-Xclang-add-plugin"),
		strings.HasPrefix(o, "-Xclang-fplugin"), strings.HasPrefix(o, "-Xclang-fpass-plugin"),
		strings.HasPrefix(o, "-Xlinker-plugin"), strings.HasPrefix(o, "-Xlinker--plugin"),
		strings.HasPrefix(o, "-Clinker="), strings.HasPrefix(o, "-Ccodegen-backend"), strings.HasPrefix(o, "-Zcodegen-backend"),
		strings.HasPrefix(o, "-Zllvm-plugins"), strings.HasPrefix(o, "-Cllvm-args") && strings.Contains(o, "load"),
		strings.HasPrefix(o, "-toolexec"), strings.HasPrefix(o, "--toolexec"):
		return true
	case name == "-fuse-ld":
		// -fuse-ld=lld names a linker gcc knows; a path names any program
		return strings.Contains(val, "/")
	case strings.HasPrefix(o, "-Clink-arg=") || strings.HasPrefix(o, "-Clink-args="):
		return flagsRunProgram(strings.Fields(val))
	case strings.HasPrefix(o, "-Wl,"), strings.HasPrefix(o, "-Xlinker"):
		for _, p := range strings.Split(strings.TrimPrefix(o, "-Wl,"), ",") {
			if strings.Contains(p, "plugin") {
				return true
			}
		}
	case strings.HasPrefix(o, "-extld") || strings.HasPrefix(o, "-ldflags") && strings.Contains(o, "-extld"):
		return true
	}
	return false
}

// buildVarRule judges a build variable set to val (make CC=x, cmake
// -DCMAKE_C_COMPILER=x, RUSTFLAGS=x cargo build).
func buildVarRule(name string, val arg) (rule, bool) {
	switch {
	case namesProgram(name):
		return ruleBuildExec, true
	case namesFlags(name) && val.dyn:
		return ruleBuildDynOpt, true
	case namesFlags(name):
		sep := " "
		if strings.ToUpper(name) == "CARGO_ENCODED_RUSTFLAGS" {
			sep = "\x1f"
		}
		if flagsRunProgram(strings.Split(val.val, sep)) {
			return ruleBuildFlags, true
		}
	}
	return rule{}, false
}

// envBuildFlags are the environment variables whose value is compiler or
// linker options: harmless unless an option runs a program, so they are
// judged by their value (flagsValue), not by their name.
var envBuildFlags = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"RUSTFLAGS": true, "CARGO_ENCODED_RUSTFLAGS": true, "RUSTDOCFLAGS": true, "CFLAGS": true, "CXXFLAGS": true,
		"CPPFLAGS": true, "LDFLAGS": true, "CGO_CFLAGS": true, "CGO_CXXFLAGS": true, "CGO_CPPFLAGS": true,
		"CGO_LDFLAGS": true, "CGO_FFLAGS": true,
	}
}}

// envRegistry are the environment variables that change where packages
// come from or turn off their verification.
var envRegistry = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"GOPROXY": true, "GONOSUMDB": true, "GONOSUMCHECK": true, "GOINSECURE": true, "GOSUMDB": true, "GOPRIVATE": true,
		"GONOPROXY": true, "PIP_INDEX_URL": true, "PIP_EXTRA_INDEX_URL": true, "PIP_FIND_LINKS": true, "PIP_TRUSTED_HOST": true,
		"UV_INDEX_URL": true, "UV_EXTRA_INDEX_URL": true, "UV_INDEX": true, "UV_DEFAULT_INDEX": true, "UV_FIND_LINKS": true,
		"NPM_CONFIG_REGISTRY": true, "npm_config_registry": true, "YARN_REGISTRY": true, "YARN_NPM_REGISTRY_SERVER": true,
		"BUN_CONFIG_REGISTRY": true, "NODE_TLS_REJECT_UNAUTHORIZED": true, "NPM_CONFIG_STRICT_SSL": true, "npm_config_strict_ssl": true,
		"GIT_SSL_NO_VERIFY": true, "PYTHONHTTPSVERIFY": true, "CONDA_CHANNELS": true, "GEM_SOURCE": true,
		"CARGO_REGISTRY_DEFAULT": true, "CARGO_HTTP_CHECK_REVOKE": true, "COMPOSER_REPOSITORIES": true,
	}
}}

var ruleEnvRegistry = rule{id: "env-registry", level: High, why: "sets an environment variable that changes where packages are downloaded from, or turns off their verification", effect: EffectEnvironment}

// goProxyDefaults are GOPROXY values that keep go's own proxy and checks.
var goProxyDefaults = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"off": true, "direct": true, "https://proxy.golang.org": true, "https://proxy.golang.org,direct": true,
	}
}}

// envJudgedByValue reports the variables envValueRule judges, which
// envRule therefore leaves alone.
func envJudgedByValue(name string) bool {
	return envBuildFlags.get()[name] || envRegistry.get()[name] || envTuneOptions.get()[name] != nil
}

// envTuneOptions are variables that hold a program's options and are
// judged by their value (design §2.7, issue 29): each option the value
// holds must be one that only tunes the program (memory, warnings, build
// tags, the module mode); any other option (GOFLAGS=-toolexec=x,
// NODE_OPTIONS=--require ./x.js) may run other code: high. Each list
// holds options as written, "=" at the end for one that takes a value.
var envTuneOptions = lazy[map[string][]string]{build: func() map[string][]string {
	return map[string][]string{
		// go help build, go help testflag: -toolexec, -exec, -overlay,
		// -modfile, -pgo and -ldflags (whose -extld runs a program) are
		// not here
		"GOFLAGS": {"-mod=", "-tags=", "-trimpath", "-buildvcs=", "-race", "-msan", "-asan", "-count=", "-v", "-p=", "-modcacherw",
			"-buildmode=", "-cover", "-covermode=", "-short", "-timeout=", "-failfast", "-json", "-shuffle=", "-gcflags=", "-a", "-x",
			"-benchmem", "-cpu="},
		// node --help: --require, --import, --loader, --experimental-loader
		// and --inspect are not here
		"NODE_OPTIONS": {"--max-old-space-size=", "--max-semi-space-size=", "--stack-size=", "--enable-source-maps", "--no-warnings",
			"--no-deprecation", "--trace-warnings", "--trace-deprecation", "--trace-uncaught", "--unhandled-rejections=",
			"--openssl-legacy-provider", "--experimental-vm-modules", "--experimental-specifier-resolution=", "--dns-result-order=",
			"--use-openssl-ca", "--use-bundled-ca", "--max-http-header-size=", "--expose-gc", "--preserve-symlinks",
			"--experimental-json-modules", "--no-experimental-fetch", "--title=", "--conditions=", "--disable-warning=",
			"--max-old-space-size", "--experimental-global-webcrypto", "--no-network-family-autoselection"},
		// pytest --help (issue 29's red team: --basetemp=$HOME empties the
		// home directory, -c, -p and --rootdir load code, --junitxml
		// writes; none of them is here)
		"PYTEST_ADDOPTS": {"-v", "-vv", "-vvv", "-q", "-qq", "-x", "-s", "-l", "--showlocals", "--color=", "--tb=", "--maxfail=",
			"--strict-markers", "--strict-config", "--durations=", "--disable-warnings", "--lf", "--ff", "--nf", "--sw",
			"--numprocesses=", "-nauto", "--dist=", "--reruns=", "--timeout=", "--no-cov", "--import-mode=", "--benchmark-disable",
			"-ra", "-rA", "-rs", "-rf", "-rE", "-rx", "-rfE", "-rsx", "--no-header", "--co", "--collect-only"},
	}
}}

// tunesOnly reports a value whose every option is in opts.
func tunesOnly(val string, opts []string) bool {
	for _, w := range strings.Fields(val) {
		ok := false
		for _, o := range opts {
			if w == o || strings.HasSuffix(o, "=") && strings.HasPrefix(w, o) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// envValueRule judges setting a variable to val for a command or a shell.
func envValueRule(name string, val *arg) (rule, bool) {
	switch {
	case envRegistry.get()[name]:
		if name == "GOPROXY" && val != nil && !val.dyn && goProxyDefaults.get()[val.val] {
			return rule{}, false
		}
		return ruleEnvRegistry, true
	case envBuildFlags.get()[name]:
		if val == nil {
			return ruleBuildDynOpt, true
		}
		return buildVarRule(name, *val)
	case envTuneOptions.get()[name] != nil:
		if val == nil || val.dyn || !tunesOnly(val.val, envTuneOptions.get()[name]) {
			return ruleEnvProgram, true
		}
	}
	return rule{}, false
}
