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

// maxLine bounds one answer; a terminal in canonical mode sends at most
// 4096 bytes per line anyway.
const maxLine = 64 << 10

// readLines reads r line by line in a goroutine, one line ahead at most,
// so that a read blocked on the terminal never blocks the timeout. It
// ends at the first error; done stops it between lines.
func readLines(r io.Reader, done <-chan struct{}) <-chan lineResult {
	ch := make(chan lineResult)
	go func() {
		defer close(ch)
		s := bufio.NewScanner(r)
		s.Buffer(make([]byte, 0, 4096), maxLine)
		for s.Scan() {
			select {
			case ch <- lineResult{line: strings.TrimSuffix(s.Text(), "\r")}:
			case <-done:
				return
			}
		}
		err := s.Err()
		if err == nil {
			err = io.EOF
		}
		select {
		case ch <- lineResult{err: err}:
		case <-done:
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
