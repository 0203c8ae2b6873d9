package classify

// Destructive verbs of less common tools (design §2.8): the checks below
// find the verb in a tool's own grammar, where a table row cannot.
