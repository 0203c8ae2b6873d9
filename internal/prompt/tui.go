package prompt

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// tui asks with huh forms drawn on the terminal. Input and output are
// both the terminal. huh's WithProgramOptions replaces every program
// option its WithInput and WithOutput set (so the form would draw on
// stdout, go-notes §4a): the options are given there, all of them, once.
type tui struct {
	in  io.Reader
	out io.Writer
}

func (t tui) run(ctx context.Context, groups ...*huh.Group) error {
	form := huh.NewForm(groups...).WithShowHelp(true).WithProgramOptions(
		tea.WithInput(t.in), tea.WithOutput(t.out),
		// Ask's own signal handler ends the prompt by cancelling ctx.
		// bubbletea's would, after that, send its quit message to an event
		// loop that has already stopped, and its shutdown waits for that
		// send for good: a SIGTERM or SIGINT deadlocked the process
		// (bubbletea 1.3.6, measured by scripts/e2e-prompt.sh).
		tea.WithoutSignalHandler(),
	)
	if err := form.RunWithContext(ctx); err != nil {
		return err
	}
	return ctx.Err()
}

func (t tui) choose(ctx context.Context, q Question, choices []Choice) (Choice, error) {
	// huh writes the highlighted option into choice as the cursor moves,
	// and leaves it there when the form fails: it is read only after a
	// successful run.
	var choice Choice
	opts := make([]huh.Option[Choice], len(choices))
	for i, c := range choices {
		opts[i] = huh.NewOption(c.String(), c)
	}
	err := t.run(ctx, huh.NewGroup(
		huh.NewNote().Title(headline(q)).Description(details(q)),
		huh.NewSelect[Choice]().Title("Allow it? (no answer in "+timeoutOf(q).String()+" denies)").Options(opts...).Value(&choice),
	))
	if err != nil {
		return Deny, err
	}
	return choice, nil
}

func (t tui) input(ctx context.Context, f field) (string, error) {
	value := f.value
	in := huh.NewInput().Title(f.title).Value(&value)
	if f.desc != "" {
		in.Description(f.desc)
	}
	if f.secret {
		in.EchoMode(huh.EchoModePassword)
	}
	if f.validate != nil {
		in.Validate(f.validate)
	}
	if err := t.run(ctx, huh.NewGroup(in)); err != nil {
		return "", err
	}
	return value, nil
}
