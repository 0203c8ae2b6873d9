package classify

// appleCases are Apple's developer tools of tools_apple.go (issue 29,
// class 1).
var appleCases = []classifyCase{
	medium(`xcodebuild -project "App.xcodeproj" -scheme "App iOS" -destination "OS=17.5,name=iPhone 15 Pro" clean test`, "build"),
	medium("xcodebuild -scheme App build", "build"),
	medium("xcodebuild", "build"),
	medium("xcodebuild -scheme App archive -archivePath build/App.xcarchive", "build"),
	minimal("xcodebuild -list", "xcode-info"),
	minimal("xcodebuild -version", "xcode-info"),
	minimal("xcodebuild -project App.xcodeproj -scheme App -showBuildSettings", "xcode-info"),
	medium("xcodebuild -showBuildSettings build", "build"),
	medium("xcodebuild -resolvePackageDependencies", "package-install"),
	high("xcodebuild -runFirstLaunch", "install-global"),
	minimal("xcrun --find clang", "xcrun-find"),
	minimal("xcrun --sdk macosx --show-sdk-path", "xcrun-find"),
	medium("xcrun swift build", "build"),
	medium("xcrun --sdk iphoneos clang -c a.c -o build/a.o", "build"),
	high("xcrun simctl boot X", "unknown-program"),
	high("xcrun --frobnicate clang", "option-unknown"),
	dangerous("xcrun rm -rf /", ""),
	minimal("xcodebuild -list | xcpretty", "text-filter"),
	medium("xcodebuild -scheme App clean build | xcpretty", "build"),
	medium("swift test -c debug 2>&1 | xcbeautify", "build"),
	medium("carthage build --no-skip-current --platform mac", "build"),
	medium("carthage bootstrap --use-xcframeworks", "package-install"),
	high("carthage frobnicate", "carthage"),
}
