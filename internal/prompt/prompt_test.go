package prompt

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// linesAsk runs the plain-text prompt on typed input, as a person would
// type it, and returns the answer and what was shown.
func linesAsk(t *testing.T, q Question, typed string, eof bool) (Answer, string) {
	t.Helper()
	pr, pw := io.Pipe()
	go func() {
		io.WriteString(pw, typed)
		if eof {
			pw.Close()
		}
	}()
	var out strings.Builder
	done := make(chan struct{})
	defer close(done)
	l := &lines{w: &out, in: readLines(pr, done)}
	if q.Timeout == 0 {
		q.Timeout = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), q.Timeout)
	defer cancel()
	a := ask(ctx, l, q)
	pw.Close()
	return a, out.String()
}

var gitPush = Question{
	Command: "git push origin main", Needs: "high", Level: "medium",
	Reasons: []string{"1:1: git push origin main: high: sends commits to a remote (rule git-push)"},
	Choices: []Choice{AllowOnce, AllowSession, AlwaysAllow, DenyWithReason},
	Pattern: "git push origin main",
}

func dangerous(c Confirm) Question {
	return Question{Command: "rm -rf ~", Needs: "high, dangerous", Level: "high", Dangerous: true,
		Reasons: []string{"1:1: rm -rf ~: high, dangerous: deletes your home directory"},
		Choices: []Choice{AllowOnce, AllowSession, AlwaysAllow}, Confirm: c}
}

func TestLinesPrompt(t *testing.T) {
	tests := []struct {
		name   string
		q      Question
		typed  string
		eof    bool
		want   Answer
		wantIn string // shown on the terminal
	}{
		{name: "enter denies", q: gitPush, typed: "\n", want: Answer{Choice: Deny, Why: "denied at the prompt"}, wantIn: "1. Deny\n  2. Allow once\n  3. Allow for this session\n  4. Always allow (save a rule)\n  5. Deny and tell the agent why\n"},
		{name: "allow once", q: gitPush, typed: "2\n", want: Answer{Choice: AllowOnce}, wantIn: "git push origin main\n  needs high; the level in force is medium\n"},
		{name: "session", q: gitPush, typed: " 3 \n", want: Answer{Choice: AllowSession}},
		{name: "not a number, then a choice", q: gitPush, typed: "yes\n9\n2\n", want: Answer{Choice: AllowOnce}, wantIn: `"yes" is not a choice: type a number from 1 to 5`},
		{name: "end of input denies", q: gitPush, typed: "", eof: true, want: Denied("the prompt failed: end of input")},
		{name: "a half-typed answer, then end of input, denies", q: gitPush, typed: "2", eof: true, want: Denied("the prompt failed: end of input")},
		{name: "end of input after a bad answer denies", q: gitPush, typed: "x\n", eof: true, want: Denied("the prompt failed: end of input")},
		{name: "no answer denies", q: withTimeout(gitPush, 50*time.Millisecond), typed: "", want: timedOut("50ms")},
		{name: "half a line is no answer", q: withTimeout(gitPush, 50*time.Millisecond), typed: "2", want: timedOut("50ms")},
		{name: "always allow keeps the suggestion", q: gitPush, typed: "4\n\n", want: Answer{Choice: AlwaysAllow, Pattern: "git push origin main"}, wantIn: "[git push origin main]: "},
		{name: "always allow edited", q: gitPush, typed: "4\ngit push *\n", want: Answer{Choice: AlwaysAllow, Pattern: "git push *"}},
		{name: "always allow refused edit asks again", q: withValidate(gitPush), typed: "4\nnpm *\ngit *\n", want: Answer{Choice: AlwaysAllow, Pattern: "git *"}, wantIn: "not saved: does not match"},
		{name: "always allow, then end of input", q: gitPush, typed: "4\n", eof: true, want: Denied("the prompt failed: end of input")},
		{name: "deny with a reason", q: gitPush, typed: "5\nuse the staging remote\n", want: Answer{Choice: DenyWithReason, Reason: "use the staging remote"}},
		{name: "reason is cleaned", q: gitPush, typed: "5\nno\x1b[2J\n", want: Answer{Choice: DenyWithReason, Reason: `no\x1b[2J`}},
		{name: "dangerous offers deny and allow once only", q: dangerous(Confirm{Word: "orchid-42"}), typed: "3\n1\n", want: Answer{Choice: Deny, Why: "denied at the prompt"}, wantIn: `"3" is not a choice: type a number from 1 to 2`},
		{name: "dangerous needs the word", q: dangerous(Confirm{Word: "orchid-42"}), typed: "2\norchid-42\n", want: Answer{Choice: AllowOnce}, wantIn: `Type "orchid-42" to allow it once`},
		{name: "dangerous wrong word denies", q: dangerous(Confirm{Word: "orchid-42"}), typed: "2\norchid\n", want: Denied("the confirmation did not match")},
		{name: "dangerous empty word denies", q: dangerous(Confirm{Word: "orchid-42"}), typed: "2\n\n", want: Denied("the confirmation did not match")},
		{name: "dangerous pin", q: dangerous(Confirm{Verify: func(p string) bool { return p == "2468" }}), typed: "2\n2468\n", want: Answer{Choice: AllowOnce}, wantIn: "Type the approval PIN"},
		{name: "dangerous wrong pin", q: dangerous(Confirm{Verify: func(p string) bool { return p == "2468" }}), typed: "2\n1357\n", want: Denied("the confirmation did not match")},
		{name: "dangerous, no answer to the confirmation", q: withTimeout(dangerous(Confirm{Word: "w"}), 80*time.Millisecond), typed: "2\n", want: timedOut("80ms")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, shown := linesAsk(t, tt.q, tt.typed, tt.eof)
			if got != tt.want {
				t.Errorf("answer = %+v, want %+v\nshown:\n%s", got, tt.want, shown)
			}
			if !strings.Contains(shown, tt.wantIn) {
				t.Errorf("shown:\n%s\nwant it to contain %q", shown, tt.wantIn)
			}
		})
	}
}

func withTimeout(q Question, d time.Duration) Question { q.Timeout = d; return q }

// timedOut is the answer of a prompt nobody answered within d.
func timedOut(d string) Answer {
	a := Denied("nobody answered within " + d)
	a.TimedOut = true
	return a
}

func withValidate(q Question) Question {
	q.ValidatePattern = func(s string) error {
		if !strings.HasPrefix(s, "git") {
			return errors.New("does not match the command")
		}
		return nil
	}
	return q
}

func TestInterruptDenies(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	defer pw.Close()
	done := make(chan struct{})
	defer close(done)
	var out strings.Builder
	time.AfterFunc(20*time.Millisecond, cancel)
	got := ask(ctx, &lines{w: &out, in: readLines(pr, done)}, gitPush)
	if want := Denied("the prompt was interrupted"); got != want {
		t.Errorf("answer = %+v, want %+v", got, want)
	}
}

func TestOffered(t *testing.T) {
	q := dangerous(Confirm{})
	q.Choices = []Choice{AlwaysAllow, AllowOnce, AllowOnce, Deny, Choice(42), AllowSession, DenyWithReason}
	got := offered(q)
	want := []Choice{Deny, AllowOnce, DenyWithReason}
	if len(got) != len(want) {
		t.Fatalf("offered = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("offered = %v, want %v", got, want)
		}
	}
}

func TestConfirmWord(t *testing.T) {
	seen := map[string]bool{}
	for range 50 {
		w := confirmWord()
		if !strings.Contains(w, "-") || len(w) < 6 {
			t.Fatalf("confirmWord() = %q", w)
		}
		seen[w] = true
	}
	if len(seen) < 10 {
		t.Errorf("50 confirmation words gave only %d different ones", len(seen))
	}
}

func TestFake(t *testing.T) {
	f := &Fake{Answers: []Answer{{Choice: AllowOnce}}}
	if a := f.Ask(context.Background(), gitPush); a.Choice != AllowOnce {
		t.Errorf("first answer = %+v", a)
	}
	if a := f.Ask(context.Background(), gitPush); a.Choice != Deny {
		t.Errorf("answer after the list = %+v, want a denial", a)
	}
	if len(f.Questions) != 2 {
		t.Errorf("recorded %d questions, want 2", len(f.Questions))
	}
}

func TestOpenWithoutTerminal(t *testing.T) {
	// Under go test there may or may not be a terminal; what must hold
	// is that Open either gives a terminal in the foreground or says why
	// not, at once.
	start := time.Now()
	f, err := Open()
	if err == nil {
		f.Close()
		return
	}
	if !errors.Is(err, ErrNoTerminal) && !errors.Is(err, ErrBackground) {
		t.Errorf("Open() error = %v, want ErrNoTerminal or ErrBackground", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Open() took %v to fail", d)
	}
}
