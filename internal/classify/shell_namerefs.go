package classify

import "strings"

// Name references (design §2.10): after declare -n r=x (typeset -n,
// local -n), assigning r assigns x and reading r reads x. A reference to
// an array element (r=a[1]) or to a name only known at run time is not
// followed: r is then forgotten, and what reads it is dynamic.

// maxRefHops bounds a chain of references (r to s to x); bash itself
// stops at a loop.
const maxRefHops = 8

// setNameref records that name refers to target.
func (w *walker) setNameref(name, target string) {
	w.forgetVar(name)
	if strings.Contains(target, "[") || !isArithName(target) || target == name {
		delete(w.namerefs, name)
		return
	}
	if w.namerefs == nil {
		w.namerefs = map[string]string{}
	}
	w.namerefs[name] = target
}

// refTarget returns the variable an assignment to name assigns.
func (w *walker) refTarget(name string) string {
	for range maxRefHops {
		t, ok := w.namerefs[name]
		if !ok {
			return name
		}
		name = t
	}
	return name
}
