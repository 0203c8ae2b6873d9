package classify

import "strings"

// The forges' command-line tools (gh, glab): they change repositories,
// issues and releases on a remote service. git itself has a handler (tools_git_cmd.go).

// gitInfraTools returns the git rows that are built by functions (the
// helpers in tool_sharedrules.go); they are built on the first lookup of one of
// their programs (gitInfraTable).
func gitInfraTools() []tool {
	return []tool{
		// Code hosting and deploy platforms.
		{
			names:     "gh",
			rule:      r("gh", High, "talks to GitHub with the user's credentials"),
			valueOpts: "-R --repo --hostname",
			subs: []sub{
				s("repo delete", destroy("gh-repo-delete", "deletes a GitHub repository with its issues, pull requests and wiki")),
				s("repo archive", r("gh-repo-archive", High, "archives a repository, making it read-only")),
				{words: "repo edit", rule: r("gh-repo-edit", High, "changes a repository's settings"),
					check: func(c *call) {
						if v, ok := c.optValue("--visibility"); ok && (v.dyn || strings.EqualFold(v.val, "public")) {
							c.raise(danger("gh-repo-make-public", "makes a repository public, exposing its code and history"))
						}
					}},
				s("release delete", destroy("gh-release-delete", "deletes a release and its uploaded assets")),
				s("gist delete", destroy("gh-gist-delete", "deletes a gist")),
				s("issue delete", destroy("gh-issue-delete", "deletes an issue and its discussion for good")),
				s("secret delete", destroy("gh-secret-delete", "deletes a secret, whose value cannot be recovered")),
				s("secret remove", destroy("gh-secret-delete", "deletes a secret, whose value cannot be recovered")),
				s("codespace delete", destroy("gh-codespace-delete", "deletes codespaces, with any work not pushed from them")),
				s("variable delete", r("gh-variable-delete", High, "deletes a CI/CD variable")),
				s("auth token", r("gh-auth-token", High, "prints the GitHub access token, a secret")),
				{words: "api", rule: r("gh-api", High, "sends a request to the GitHub API"),
					check: apiMethodCheck(danger("gh-api-delete", "sends a DELETE request to the GitHub API"),
						r("gh-api-dynamic-method", High, "sends a GitHub API request whose method is only known at run time"))},
			},
		},
		{
			names:     "glab",
			rule:      r("glab", High, "talks to GitLab with the user's credentials"),
			valueOpts: "-R --repo",
			subs: []sub{
				s("repo delete", destroy("glab-repo-delete", "deletes a GitLab project with its issues, merge requests and wiki")),
				s("repo archive", r("glab-repo-archive", High, "archives a project, making it read-only")),
				s("release delete", destroy("glab-release-delete", "deletes a release and its assets")),
				s("issue delete", destroy("glab-issue-delete", "deletes an issue and its discussion for good")),
				s("variable delete", destroy("glab-variable-delete", "deletes a CI/CD variable, whose value cannot be recovered")),
				{words: "api", rule: r("glab-api", High, "sends a request to the GitLab API"),
					check: apiMethodCheck(danger("glab-api-delete", "sends a DELETE request to the GitLab API"),
						r("glab-api-dynamic-method", High, "sends a GitLab API request whose method is only known at run time"))},
			},
		},
	}
}
