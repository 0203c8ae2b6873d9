package prompt

import (
	"context"
	"os"
	"time"
)

// Terminal asks on a terminal opened with [Open].
type Terminal struct {
	tty *os.File
	// Accessible asks in plain numbered lines instead of the huh form
	// (TERM=dumb, PERMGUARD_ACCESSIBLE=1).
	Accessible bool
}

// NewTerminal returns an asker on tty, which [Open] returned.
func NewTerminal(tty *os.File, accessible bool) *Terminal {
	return &Terminal{tty: tty, Accessible: accessible}
}

// Ask puts q to the person and waits for the answer, at most q.Timeout.
// While it waits, the signals that would end or stop the process (Ctrl-C,
// Ctrl-\, Ctrl-Z, hang-up, termination) end the prompt with a denial
// instead, and reading or writing the terminal from the background fails
// instead of stopping the process.
func (t *Terminal) Ask(ctx context.Context, q Question) Answer {
	ctx, cancel := context.WithTimeout(ctx, timeoutOf(q))
	defer cancel()
	stop := catchSignals(cancel)
	defer stop()

	if t.Accessible {
		done := make(chan struct{})
		defer close(done)
		// Unblock a read in progress when the prompt ends; the terminal
		// is pollable, so a deadline interrupts it.
		go func() {
			<-ctx.Done()
			t.tty.SetReadDeadline(time.Now())
		}()
		l := &lines{w: t.tty, in: readLines(t.tty, done), noEcho: func() func() { return noEcho(t.tty) }}
		return ask(ctx, l, q)
	}
	// huh v2 takes its colours from the terminal it draws on (t.tty), and
	// queries it only now, while a person is being asked: huh v1's
	// bubbletea asked stdout's terminal for its background colour and
	// cursor position in an init function, on every call of every command
	// (issue 16).
	return ask(ctx, tui{in: t.tty, out: t.tty}, q)
}

// Close closes the terminal.
func (t *Terminal) Close() error { return t.tty.Close() }
