package classify

import "testing"

// wrapperOptCases are the wrappers read through their specs: an
// abbreviation or a cluster is the option it stands for, an option the
// spec does not know is high, and the options after the command are the
// command's own.
var wrapperOptCases = []classifyCase{
	// env's abbreviations and clusters (issue 26)
	dangerous(`env --un=PERMGUARD_LEVEL make`, "self-protect"),
	dangerous(`env --uns PERMGUARD_MODE make`, "self-protect"),
	dangerous(`env -vu PERMGUARD_LEVEL make`, "self-protect"),
	dangerous(`env -0uPERMGUARD_LEVEL make`, "self-protect"),
	dangerous(`env --ignore-e make`, "self-protect-env"),
	dangerous(`env -vi make`, "self-protect-env"),
	dangerous(`env - make`, "self-protect-env"),
	dangerous(`env -vC / rm -rf home`, ""),
	dangerous(`env --ch=/ rm -rf home`, ""),
	// closed world
	high(`env --frobnicate make`, "option-unknown"),
	high(`env -Z /tmp/bin make`, "option-unknown"),
	high(`env --ig make`, "option-unknown"),
	// options after the command are the command's: -u is make's
	medium(`env make -n -u PERMGUARD_LEVEL`, "build"),
	medium(`env LC_ALL=C make -C sub`, "build"),
	medium(`env --block-signal=PIPE make -n`, "build"),
	high(`env -v`, "print-env"),
}

func TestWrapperOptions(t *testing.T) {
	for _, tc := range wrapperOptCases {
		checkCase(t, tc, testEnv)
	}
}
