package classify

import "testing"

// TestShorthandOfAnInstalledProgram: pnpm NAME and yarn NAME of a program
// the tables do not know run the project's installed copy where the
// project has it (Env.Installed): code nobody has seen, boxed; else the
// word is a script's name, not known (issue 29's held-out corpus).
func TestShorthandOfAnInstalledProgram(t *testing.T) {
	env := testEnv
	env.Installed = []string{"glint"}
	for _, cmd := range []string{"pnpm glint -p jsconfig.json", "yarn glint"} {
		v := Classify(cmd, env)
		if v.Level != High || v.LevelBesidesUnseen() > Medium {
			t.Errorf("%s, glint installed: %v besides unseen %v (%s), want high, unseen code", cmd, v.Level, v.LevelBesidesUnseen(), ruleIDs(v))
		}
		if v := Classify(cmd, testEnv); v.LevelBesidesUnseen() != High || !containsRule(v, scriptRule.id) {
			t.Errorf("%s, not installed: besides unseen %v (%s), want a script not known", cmd, v.LevelBesidesUnseen(), ruleIDs(v))
		}
	}
}
