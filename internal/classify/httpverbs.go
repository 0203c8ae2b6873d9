package classify

import "strings"

// An HTTP client is a remote control for whatever service the URL names,
// and the request says what the service is asked to do. DELETE asks it to
// destroy a resource (an Elasticsearch index, a server, a repository), and
// so does a state-changing request to an endpoint named for destruction
// (_delete_by_query, doDelete, delete_series): that is the verb whose
// purpose is irreversible destruction (design §2.8), spelled as HTTP.

var (
	ruleHTTPDelete   = rule{id: "http-delete", level: High, dangerous: true, why: "sends an HTTP DELETE request, which deletes a resource on the server"}
	ruleHTTPDestroys = rule{id: "http-destroy-endpoint", level: High, dangerous: true, why: "calls an endpoint that deletes data on the server"}
)

// destroyWords are the words of a URL path that name a destructive
// endpoint when the request changes state.
var destroyWords = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"delete": true, "destroy": true, "drop": true, "purge": true, "truncate": true, "wipe": true, "erase": true,
		"flush": true, "flushall": true, "remove": true,
	}
}}

// httpClients knows where each client takes its method and whether a
// request sends data; the URL is any operand with a scheme or a host.
func wrapHTTPClients(handlers map[string]func(c *call) flow) {
	for _, name := range []string{"curl", "wget"} {
		if h := handlers[name]; h != nil {
			handlers[name] = func(c *call) flow {
				out := h(c)
				c.sendsCheck()
				httpRequestCheck(c)
				return out
			}
		}
	}
}

// httpRequestCheck judges the method and URL of curl, wget, httpie and xh.
func httpRequestCheck(c *call) {
	method, changes := "", false
	var urls []arg
	switch c.name {
	case "curl":
		if v, ok := c.optValue("-X --request"); ok {
			method = strings.ToUpper(v.val)
			if v.dyn {
				method = "DELETE" // the worst value a method can have
			}
		}
		changes = c.hasOpt("-d --data --data-raw --data-binary --data-urlencode --json -F --form -T --upload-file")
		urls = valueArgs(c.args, "-X --request -H --header -d --data --data-raw --data-binary --data-urlencode --json -F --form -T --upload-file -o --output -u --user -A --user-agent -e --referer -b --cookie -c --cookie-jar -w --write-out -K --config --connect-timeout -m --max-time --retry -x --proxy --cacert --cert --key -r --range --resolve --limit-rate", "")
	case "wget":
		if v, ok := c.optValue("--method"); ok {
			method = strings.ToUpper(v.val)
		}
		changes = c.hasOpt("--post-data --post-file --body-data --body-file")
		urls = positional(c.args)
	case "http", "https", "httpie", "xh", "xhs":
		ps := positional(c.args)
		if len(ps) > 1 && !ps[0].dyn && isHTTPMethod(strings.ToUpper(ps[0].val)) {
			method = strings.ToUpper(ps[0].val)
			urls = ps[1:2]
		} else if len(ps) > 0 {
			urls = ps[:1]
		}
		changes = len(ps) > 2 // key=value items send data
	default:
		return
	}
	if method == "DELETE" {
		c.raise(ruleHTTPDelete)
		return
	}
	if method == "" && !changes || method == "GET" || method == "HEAD" || method == "OPTIONS" {
		return
	}
	for _, u := range urls {
		if !u.dyn && urlPathDestroys(u.val) {
			c.raise(ruleHTTPDestroys)
			return
		}
	}
}

func isHTTPMethod(m string) bool {
	switch m {
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS":
		return true
	}
	return false
}

// urlPathDestroys reports a URL whose path (not its host or query) has a
// word of destroyWords: /idx/_delete_by_query, /job/x/doDelete.
func urlPathDestroys(u string) bool {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	_, path, ok := strings.Cut(u, "/")
	if !ok {
		return false
	}
	for _, w := range scriptNameWords(path) {
		if destroyWords.get()[w] {
			return true
		}
	}
	return false
}
