package classify

import "strings"

// A fork bomb is any program that starts copies of itself in a loop that
// never ends, until the process table is full and the machine stalls. In
// inline code the languages differ in words, not in shape, so the check
// looks for the two parts (a fork call, an endless loop) rather than for
// known bombs.

var ruleForkLoop = rule{id: "fork-bomb-inline", level: High, dangerous: true, why: "starts new processes in an endless loop until the machine stalls (a fork bomb)"}

// forkLoop reports inline code that calls fork and loops forever.
func forkLoop(code string) bool {
	toks := sqlTokens(code)
	forks, endless := false, false
	for i, t := range toks {
		next := ""
		if i+1 < len(toks) {
			next = toks[i+1].word
		}
		switch t.word {
		case "FORK", "PCNTL_FORK", "FORKPTY":
			forks = true
		case "WHILE":
			endless = endless || next == "1" || next == "TRUE" || strings.HasPrefix(strings.TrimLeft(code[t.end:], " \t("), ":")
		case "UNTIL":
			endless = endless || next == "0" || next == "FALSE"
		case "LOOP", "SETINTERVAL", "REPEAT":
			endless = true
		}
	}
	compact := strings.Join(strings.Fields(code), "")
	if strings.Contains(compact, "for(;;)") || strings.Contains(compact, "itertools.count(") {
		endless = true
	}
	return forks && endless
}
