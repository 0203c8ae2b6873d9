package classify

import "strings"

// Apple's developer tools (issue 29, class 1): xcodebuild builds and tests
// like make (medium, in the box) and only prints with its information
// options; xcrun runs another developer tool, judged as that tool, as env
// runs a program; xcpretty and xcbeautify only reformat the build log
// passing through them.

var (
	ruleXcodeInfo = rule{id: "xcode-info", level: Minimal, why: "prints the project's schemes, build settings, SDKs or Xcode's version"}
	ruleXcrun     = rule{id: "xcrun", level: Minimal, why: "runs an Apple developer tool (judged as that tool)"}
	ruleXcrunFind = rule{id: "xcrun-find", level: Minimal, why: "prints where a developer tool or SDK is, running nothing"}
)

var appleTools = []tool{
	{names: "xcodebuild", rule: ruleXcodeInfo, check: xcodebuildCheck},
	{names: "xcpretty xcbeautify", rule: textRule, check: func(c *call) {
		writeOpts(c, "-o --output --report-path --junit-report-filename")
	}},
	{names: "carthage", rule: rule{id: "carthage", level: High, why: "runs a carthage command permguard does not know"}, subs: []sub{
		{words: "build", rule: buildRule}, {words: "archive", rule: buildRule},
		// bootstrap and update download the Cartfile's dependencies, then
		// build them
		{words: "bootstrap", rule: pkgInstall}, {words: "update", rule: pkgInstall}, {words: "checkout", rule: pkgInstall}, {words: "fetch", rule: pkgInstall},
		{words: "outdated", rule: pkgQuery}, {words: "version", rule: pkgRead}, {words: "validate", rule: pkgRead},
	}},
}

// xcodebuildInfo are the options with which xcodebuild only prints.
const xcodebuildInfo = "-list -version -showsdks -showBuildSettings -showdestinations -showTestPlans -help -usage -checkFirstLaunchStatus -showBuildSettingsForIndex"

// xcodebuildCheck: xcodebuild with an information option and no action
// only prints; anything else builds (the default action is build).
func xcodebuildCheck(c *call) {
	action := false
	for _, a := range c.words("-project -workspace -scheme -target -configuration -sdk -destination -arch -xcconfig -testPlan -derivedDataPath -archivePath -exportPath -exportOptionsPlist -resultBundlePath -only-testing -skip-testing -toolchain -testProductsPath -destination-timeout -jobs -parallel-testing-worker-count -maximum-concurrent-test-device-destinations -maximum-concurrent-test-simulator-destinations -clonedSourcePackagesDirPath -packageCachePath -test-iterations -testLanguage -testRegion -enumerate-tests -resultStreamPath -localizationPath -exportLanguage -defaultPackageRegistryURL -packageAuthorizationProvider -skipMacroValidation -scmProvider") {
		if a.dyn || !strings.Contains(a.val, "=") {
			action = true // an action (build, test, clean, archive) or a word not known
		}
	}
	if action || !c.hasOpt(xcodebuildInfo) || c.hasOpt("-exportArchive -exportLocalizations -importLocalizations -create-xcframework") {
		c.raise(buildRule)
		buildOutputs(c)
	}
	if c.hasOpt("-resolvePackageDependencies") {
		c.raise(pkgInstall)
	}
	if c.hasOpt("-runFirstLaunch") {
		c.raise(globalRule)
	}
	writeOpts(c, "-derivedDataPath -archivePath -exportPath -resultBundlePath")
}

// xcrunCommand: xcrun [options] TOOL ARGS runs TOOL, found in the active
// developer directory; --find and the --show-sdk-* options only print.
func xcrunCommand(c *call) flow {
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a.dyn {
			c.raise(ruleDynamicName)
			return flow{}
		}
		switch {
		case a.val == "-f" || a.val == "--find" || strings.HasPrefix(a.val, "--show-sdk-") || a.val == "--version" || a.val == "-version" || a.val == "-h" || a.val == "--help":
			c.raise(ruleXcrunFind)
			return flow{}
		case a.val == "-sdk" || a.val == "--sdk" || a.val == "-toolchain" || a.val == "--toolchain":
			i++
		case a.val == "-v" || a.val == "--verbose" || a.val == "-l" || a.val == "--log" || a.val == "-n" || a.val == "--no-cache" || a.val == "-r" || a.val == "--run" || a.val == "-k" || a.val == "--kill-cache":
		case strings.HasPrefix(a.val, "-"):
			c.raiseWith(ruleOptionUnknown, occurrence{detail: "unknown option " + a.val + " of xcrun"})
			return flow{}
		default:
			c.raise(ruleXcrun)
			return runFrom(c, i)
		}
	}
	return runFrom(c, len(c.args))
}
