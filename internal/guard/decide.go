package guard

// Action is what is done with a call.
type Action uint8

const (
	Allow  Action = iota // it runs
	Prompt               // a person is asked at the terminal, now
	Ask                  // the agent's own prompt asks a person
	Block                // it does not run
)

func (a Action) String() string { return [...]string{"allow", "prompt", "ask", "block"}[a] }

// Facts is what the decision of design §4 depends on, and nothing else.
type Facts struct {
	Deny     bool // a deny rule matches
	Bypassed bool // the level in force is bypassed
	// PastLimit: the call went past a limit of design §7, so part of it
	// was not judged, whatever its level says.
	PastLimit bool
	// DenyRules: the settings in force hold deny rules. Past a limit they
	// were not matched against what was not judged.
	DenyRules  bool
	Within     bool // the verdict is within the level in force, and not dangerous
	Dangerous  bool // the verdict is dangerous
	Remembered bool // a person allowed this command for this session
	// Boxed: the call is within the level in force and not dangerous,
	// the box of that level can serve it, the sandbox setting is auto,
	// the level has a box (below high), and the caller runs it confined
	// (design §4, boxed allow).
	Boxed bool
	// Sandboxed: the call needs more than the level in force only
	// because it runs code nobody has seen, the box of the level in force
	// can serve it, the sandbox setting is auto, and the caller runs it
	// confined (design §4, sandboxed allow).
	Sandboxed bool
	ModeBlock bool // the mode in force is block: nobody is ever asked

	// Answered is set once a person has answered at the terminal;
	// PersonAllowed is their answer.
	Answered      bool
	PersonAllowed bool

	// Terminal reports whether a person can be asked at the terminal now.
	// It is consulted only when the table reaches its row, because finding
	// out opens the terminal; nil means there is none.
	Terminal func() bool
	// AgentCanAsk: the caller is an agent that puts an "ask" to a person
	// in its own prompt.
	AgentCanAsk bool
}

// Row names a row of the decision table. The names are API: they are the
// "by" and "detail" of the audit log and explain's "decision".
type Row string

const (
	RowDenyRule      Row = "deny-rule"
	RowBypassed      Row = "bypassed"
	RowPastLimit     Row = "past-limit"
	RowBoxed         Row = "boxed"
	RowWithinLevel   Row = "within-level"
	RowRemembered    Row = "remembered"
	RowSandboxed     Row = "sandboxed"
	RowModeBlock     Row = "mode-block"
	RowPersonAllowed Row = "person-allowed"
	RowPersonDenied  Row = "person-denied"
	RowTerminal      Row = "terminal"
	RowAgentAsks     Row = "agent-asks"
	RowNobody        Row = "nobody"
)

// Outcome is what [Decide] chose, and the row that chose it.
type Outcome struct {
	Action Action
	Row    Row
	// Why is the row's reason, in the words a person reads.
	Why string
}

// row is one rule of design §4: when it holds, the action is taken.
type row struct {
	id     Row
	when   func(Facts) bool
	action Action
	why    string
}

// table is design §4, in order; the first row that holds decides. A
// dangerous call is never remembered and never put to an agent's own
// prompt: that is one click, and design §1 asks for a typed confirmation.
var table = []row{
	{RowDenyRule, func(f Facts) bool { return f.Deny }, Block,
		"a deny rule matches: deny rules block at every level, even bypassed"},
	// Bypassed keeps the deny rules: past a limit they could not be
	// matched against all of the call, so it falls to the next row.
	{RowBypassed, func(f Facts) bool { return f.Bypassed && !(f.PastLimit && f.DenyRules) }, Allow,
		"the level is bypassed: every check is off except deny rules"},
	// Before anything that allows, asks or confines: what was not judged
	// cannot be put to a person either, who would approve what nobody
	// has seen (design §2.1).
	{RowPastLimit, func(f Facts) bool { return f.PastLimit }, Block,
		"it is past a limit of what permguard judges: part of it was not judged, so no level but bypassed allows it, and bypassed only without deny rules"},
	// Within the level, the call runs in that level's box where it can:
	// a call the classifier under-rated fails there instead of doing harm.
	{RowBoxed, func(f Facts) bool { return f.Within && f.Boxed }, Allow,
		"the level in force allows it, and it runs in that level's box"},
	{RowWithinLevel, func(f Facts) bool { return f.Within }, Allow,
		"the level in force allows it"},
	{RowRemembered, func(f Facts) bool { return f.Remembered && !f.Dangerous }, Allow,
		"a person allowed this command earlier in this session"},
	{RowSandboxed, func(f Facts) bool { return f.Sandboxed && !f.Dangerous }, Allow,
		"it needs more than the level in force only to run code nobody has seen, which runs in the box of the level in force"},
	{RowModeBlock, func(f Facts) bool { return f.ModeBlock }, Block,
		"it needs more than the level in force, and the mode is block: nobody is asked"},
	{RowPersonAllowed, func(f Facts) bool { return f.Answered && f.PersonAllowed }, Allow,
		"a person allowed it at the terminal"},
	{RowPersonDenied, func(f Facts) bool { return f.Answered }, Block,
		"a person was asked at the terminal and did not allow it"},
	{RowTerminal, func(f Facts) bool { return f.Terminal != nil && f.Terminal() }, Prompt,
		"it needs a person's approval, and a person is asked at the terminal"},
	{RowAgentAsks, func(f Facts) bool { return f.AgentCanAsk && !f.Dangerous }, Ask,
		"it needs a person's approval, and the agent's own prompt asks them"},
	{RowNobody, func(Facts) bool { return true }, Block,
		"it needs a person's approval, and none can be asked here"},
}

// Decide applies design §4 to f.
func Decide(f Facts) Outcome {
	for _, r := range table {
		if r.when(f) {
			return Outcome{Action: r.action, Row: r.id, Why: r.why}
		}
	}
	panic("unreachable: the last row always holds")
}
