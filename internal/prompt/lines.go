package prompt

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// lines asks in plain numbered lines, for screen readers and dumb
// terminals (accessible mode). Unlike huh's accessible mode it has a
// timeout, treats end of input as a denial and never picks an option the
// person did not type.
type lines struct {
	w      io.Writer
	in     <-chan lineResult
	noEcho func() (restore func()) // nil when echo cannot be turned off
}

type lineResult struct {
	line string
	err  error
}

// maxInput bounds what one prompt reads in all; a terminal in canonical
// mode sends at most 4096 bytes per line anyway.
const maxInput = 64 << 10

// readLines reads r line by line in a goroutine, one line ahead at most,
// so that a read blocked on the terminal never blocks the timeout. It
// ends at the first error. A last line that ends without a newline
// (typed, then Ctrl-D) is not an answer: it ends in end of input like
// any other, so a half-typed "2" never allows. done stops it between
// lines.
func readLines(r io.Reader, done <-chan struct{}) <-chan lineResult {
	ch := make(chan lineResult)
	go func() {
		defer close(ch)
		br := bufio.NewReader(io.LimitReader(r, maxInput))
		for {
			line, err := br.ReadString('\n')
			res := lineResult{line: strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"), err: err}
			if err != nil {
				res = lineResult{err: err}
			}
			select {
			case ch <- res:
			case <-done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return ch
}

func (l *lines) readLine(ctx context.Context) (string, error) {
	select {
	case r, ok := <-l.in:
		if !ok {
			return "", io.EOF
		}
		if errors.Is(r.err, io.EOF) {
			return "", errors.New("end of input")
		}
		return r.line, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (l *lines) choose(ctx context.Context, q Question, choices []Choice) (Choice, error) {
	fmt.Fprintf(l.w, "\n%s\n", headline(q))
	for _, line := range strings.Split(details(q), "\n") {
		fmt.Fprintf(l.w, "  %s\n", line)
	}
	fmt.Fprintln(l.w)
	for i, c := range choices {
		fmt.Fprintf(l.w, "  %d. %s\n", i+1, c)
	}
	for {
		fmt.Fprintf(l.w, "Choose 1-%d (Enter denies; no answer in %s denies): ", len(choices), timeoutOf(q))
		s, err := l.readLine(ctx)
		if err != nil {
			fmt.Fprintln(l.w)
			return Deny, err
		}
		s = strings.TrimSpace(s)
		if s == "" {
			return Deny, nil
		}
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(choices) {
			return choices[n-1], nil
		}
		fmt.Fprintf(l.w, "%q is not a choice: type a number from 1 to %d\n", clean(s), len(choices))
	}
}

func (l *lines) input(ctx context.Context, f field) (string, error) {
	for {
		if f.value != "" {
			fmt.Fprintf(l.w, "%s\n  [%s]: ", f.title, clean(f.value))
		} else {
			fmt.Fprintf(l.w, "%s: ", f.title)
		}
		var restore func()
		if f.secret && l.noEcho != nil {
			restore = l.noEcho()
		}
		s, err := l.readLine(ctx)
		if restore != nil {
			restore()
			fmt.Fprintln(l.w) // the person's Enter was not echoed
		}
		if err != nil {
			fmt.Fprintln(l.w)
			return "", err
		}
		if s == "" {
			s = f.value
		}
		if f.validate != nil {
			if err := f.validate(s); err != nil {
				fmt.Fprintf(l.w, "not saved: %s\n", clean(err.Error()))
				continue
			}
		}
		return s, nil
	}
}
