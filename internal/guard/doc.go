// Package guard is permguard's engine: what check, hook, exec and explain
// share. It owns the flow of one call after it is read (see
// docs/architecture.md):
//
//		Env + Request ─Evaluate→ Evaluation ─Decide→ Outcome ─Settle→ audit record, reply
//
//	  - [ReadEnv] reads the environment once; nothing in this package reads
//	    it again.
//	  - [Evaluate] loads the settings for the call's workspace, classifies
//	    the call and applies the settings to the verdict.
//	  - [Decide] is design §4 as one ordered table, and the only code that
//	    chooses allow, prompt, ask or block.
//	  - [Evaluation.Settle] carries the outcome out: it puts the question to
//	    a person, remembers an approval for the session or saves a rule, and
//	    writes the audit record.
//	  - text.go holds every sentence a person or a model reads.
//
// It imports no CLI or UI library: a person is reached through the
// interfaces of internal/person, which the command line fills in.
package guard
