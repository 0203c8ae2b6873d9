package classify

// A network query sends its arguments to another machine: the URL git
// fetches, the host dig resolves, the package name npm view looks up. When
// one of them is built at run time ($(base64 .env), a variable read from a
// file), whatever it holds leaves the machine, so a query that reads only
// public data becomes a way to send out secrets (design §2.8). The rows
// that describe such queries have sends set; the check below is the
// one place that judges their arguments.

var ruleSendsData = rule{id: "sends-data", level: High, why: "sends data out: a network query whose URL, host or argument is only known at run time"}

// sendsCheck raises a call to a network query that has an argument only
// known at run time. A word known to lie under $TMPDIR names a local
// directory, not something sent; nor does the value of an option that
// names a file (curl -o"$F", curl -T"$F"): the file's name stays here,
// and the file meets the judgement of a write or a read instead.
func (c *call) sendsCheck() {
	local := map[int]bool{}
	for _, u := range specUses(c) {
		if u.val != nil && (u.e.val == valWrite || u.e.val == valDir || u.e.val == valRead) {
			local[u.at] = !u.next
			if u.next {
				local[u.at+1] = true
			}
		}
	}
	for i, a := range c.args {
		if a.dyn && !a.tmp && !local[i] {
			if !c.hasReason(ruleSendsData.id) {
				c.raise(ruleSendsData)
			}
			return
		}
	}
}

// hasReason reports whether the call was already raised by rule id.
func (c *call) hasReason(id string) bool {
	for _, r := range c.out.Reasons {
		if r.Rule == id {
			return true
		}
	}
	return false
}
