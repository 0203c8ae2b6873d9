package classify

// classifyCase is a temporary stand-in until classify_test.go declares it.
type classifyCase struct {
	cmd       string
	level     Level
	dangerous bool
	rule      string
}
