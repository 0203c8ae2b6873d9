package classify

// Remote-service families: Slack, Notion, Sentry and Context7.

// The reference Slack server, with a bot token: reading channels is a
// remote read (medium, design §2.8), posting a remote write (high).
func mcpSlackFamily() mcpFamily {
	read := r("mcp-slack-read", Medium, "reads Slack channels, threads or users with the workspace's token")
	write := r("mcp-slack-write", High, "posts to Slack with the workspace's token")
	return mcpFamily{
		name:    "slack",
		servers: []string{"slack"},
		remote:  true,
		source:  "npm @modelcontextprotocol/server-slack 2025.4.25",
		tools: map[string]mcpTool{
			"slack_add_reaction":        {rule: write, args: roles(nil, "channel_id reaction timestamp")},
			"slack_get_channel_history": {rule: read, args: roles(nil, "channel_id limit")},
			"slack_get_thread_replies":  {rule: read, args: roles(nil, "channel_id thread_ts")},
			"slack_get_user_profile":    {rule: read, args: roles(nil, "user_id")},
			"slack_get_users":           {rule: read, args: roles(nil, "cursor limit")},
			"slack_list_channels":       {rule: read, args: roles(nil, "cursor limit")},
			"slack_post_message":        {rule: write, args: roles(nil, "channel_id text")},
			"slack_reply_to_thread":     {rule: write, args: roles(nil, "channel_id text thread_ts")},
		},
	}
}

// Notion's server, one tool per endpoint of its API, configured as
// "notionApi" in its README. Search and queries are reads though sent
// as POST. Page content is deep JSON; the leaves the schemas name are
// listed, and the open objects' (properties.*, children.*) are judged
// as an unknown server's arguments.
func mcpNotionFamily() mcpFamily {
	read := r("mcp-notion-read", Medium, "reads Notion pages, blocks, databases or users with the integration's token")
	write := r("mcp-notion-write", High, "creates, changes, moves or deletes Notion pages, blocks, comments or databases with the integration's token")
	return mcpFamily{
		name:    "notion",
		servers: []string{"notion", "notionapi", "notion-api"},
		remote:  true,
		source:  "npm @notionhq/notion-mcp-server 2.5.2",
		tools: map[string]mcpTool{
			"API-create-a-comment":           {rule: write, args: roles(nil, "parent parent.page_id rich_text rich_text.text.content")},
			"API-create-a-data-source":       {rule: write, args: roles(nil, "parent parent.page_id properties title title.text.content title.text.link title.type")},
			"API-delete-a-block":             {rule: write, args: roles(nil, "block_id")},
			"API-get-block-children":         {rule: read, args: roles(nil, "block_id page_size start_cursor")},
			"API-get-self":                   {rule: read},
			"API-get-user":                   {rule: read, args: roles(nil, "user_id")},
			"API-get-users":                  {rule: read, args: roles(nil, "page_size start_cursor")},
			"API-list-data-source-templates": {rule: read, args: roles(nil, "data_source_id page_size start_cursor")},
			"API-move-page":                  {rule: write, args: roles(nil, "page_id parent parent.database_id parent.page_id parent.type")},
			"API-patch-block-children":       {rule: write, args: roles(nil, "after block_id children children.bulleted_list_item.rich_text.text.content children.bulleted_list_item.rich_text.text.link children.bulleted_list_item.rich_text.type children.paragraph.rich_text.text.content children.paragraph.rich_text.text.link children.paragraph.rich_text.type children.type")},
			"API-patch-page":                 {rule: write, args: roles(nil, "archived cover cover.external.url cover.type icon icon.emoji in_trash page_id properties")},
			"API-post-page":                  {rule: write, args: roles(nil, "children cover icon parent parent.database_id parent.page_id parent.type properties")},
			"API-post-search":                {rule: read, args: roles(nil, "filter filter.property filter.value page_size query sort sort.direction sort.timestamp start_cursor")},
			"API-query-data-source":          {rule: read, args: roles(nil, "archived data_source_id filter filter_properties in_trash page_size sorts sorts.direction sorts.property start_cursor")},
			"API-retrieve-a-block":           {rule: read, args: roles(nil, "block_id")},
			"API-retrieve-a-comment":         {rule: read, args: roles(nil, "block_id page_size start_cursor")},
			"API-retrieve-a-data-source":     {rule: read, args: roles(nil, "data_source_id")},
			"API-retrieve-a-database":        {rule: read, args: roles(nil, "database_id")},
			"API-retrieve-a-page":            {rule: read, args: roles(nil, "filter_properties page_id")},
			"API-retrieve-a-page-property":   {rule: read, args: roles(nil, "page_id page_size property_id start_cursor")},
			"API-retrieve-page-markdown":     {rule: read, args: roles(nil, "include_transcript page_id")},
			"API-update-a-block":             {rule: write, args: roles(nil, "archived block_id type")},
			"API-update-a-data-source":       {rule: write, args: roles(nil, "data_source_id description description.text.content description.text.link description.type properties title title.text.content title.text.link title.type")},
			"API-update-page-markdown":       {rule: write, args: roles(nil, "insert_content insert_content.after insert_content.content insert_content.position.type page_id replace_content replace_content.allow_deleting_content replace_content.new_str replace_content_range replace_content_range.allow_deleting_content replace_content_range.content replace_content_range.content_range type update_content update_content.allow_deleting_content update_content.content_updates.new_str update_content.content_updates.old_str update_content.content_updates.replace_all_matches")},
		},
	}
}

// Sentry's server. regionUrl is checked by the server against Sentry's
// hosts, so it is no URL the call can choose. execute_sentry_tool runs
// any of Sentry's tools by name, writes included, with open arguments.
func mcpSentryFamily() mcpFamily {
	read := r("mcp-sentry-read", Medium, "reads Sentry issues, events or projects with your token")
	write := r("mcp-sentry-write", High, "changes Sentry issues, or starts an analysis or any tool on Sentry, with your token")
	return mcpFamily{
		name:    "sentry",
		servers: []string{"sentry"},
		remote:  true,
		source:  "npm @sentry/mcp-server 0.39.0 (--all-skills)",
		tools: map[string]mcpTool{
			"analyze_issue_with_seer": {rule: write, args: roles(nil, "instruction issueId issueUrl organizationSlug regionUrl")},
			"execute_sentry_tool":     {rule: write, args: roles(nil, "name")},
			"find_organizations":      {rule: read, args: roles(nil, "query")},
			"find_projects":           {rule: read, args: roles(nil, "organizationSlug query regionUrl")},
			"get_sentry_resource":     {rule: read, args: roles(nil, "organizationSlug resourceId resourceType url")},
			"search_events":           {rule: read, args: roles(nil, "dataset environment fields includeExplanation limit organizationSlug period projectSlug query regionUrl sort")},
			"search_issues":           {rule: read, args: roles(nil, "includeExplanation limit organizationSlug period projectSlugOrId query regionUrl sort")},
			"search_sentry_tools":     {rule: read, args: roles(nil, "limit query")},
			"update_issue":            {rule: write, args: roles(nil, "assignedTo ignoreCount ignoreDurationMinutes ignoreMode ignoreUserCount ignoreUserWindowMinutes ignoreWindowMinutes issueId issueUrl organizationSlug reason regionUrl status")},
		},
	}
}

// Context7: looks up libraries' documentation on its service. The query
// leaves this machine, as a remote read's does (medium).
func mcpContext7Family() mcpFamily {
	read := r("mcp-context7-read", Medium, "looks up a library's documentation on the Context7 service")
	return mcpFamily{
		name:    "context7",
		servers: []string{"context7"},
		remote:  true,
		source:  "npm @upstash/context7-mcp 4.1.1",
		tools: map[string]mcpTool{
			"query-docs":         {rule: read, args: roles(nil, "libraryId query")},
			"resolve-library-id": {rule: read, args: roles(nil, "libraryName query")},
		},
	}
}
