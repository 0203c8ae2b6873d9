package prompt

import "context"

// Fake is an asker for tests: it records the questions and gives the
// answers in order, then denials.
type Fake struct {
	Answers   []Answer
	Questions []Question
}

// Ask records q and returns the next answer.
func (f *Fake) Ask(_ context.Context, q Question) Answer {
	f.Questions = append(f.Questions, q)
	if len(f.Answers) == 0 {
		return Denied("the fake has no more answers")
	}
	a := f.Answers[0]
	f.Answers = f.Answers[1:]
	return a
}
