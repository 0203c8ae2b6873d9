package classify

// The browser families: Playwright, Puppeteer and Chrome DevTools.

// The Playwright servers: Microsoft's (@playwright/mcp, tools browser_*)
// and ExecuteAutomation's (@executeautomation/playwright-mcp-server,
// tools playwright_* and *_codegen_session), both configured as
// "playwright" by their READMEs. Their tool names do not meet, so they
// are one table. Microsoft's profile persists between sessions, so the
// pages it acts on may be logged in.
func mcpPlaywrightFamily() mcpFamily {
	view := r("mcp-browser-view", Minimal, "looks at or arranges the browser's pages: a snapshot, the console, the list of requests, tabs, the window")
	capture := r("mcp-browser-capture", Low, "saves a screenshot, PDF, trace or video of the page to a file")
	act := r("mcp-browser-act", Medium, "acts on the open page (a click, typed text or a file dropped can send a form to the site)")
	change := r("mcp-browser-change", Medium, "changes the browser's cookies, storage, network or emulation for the pages it opens")
	navigate := r("mcp-browser-navigate", High, "makes the browser load a page from the network")
	code := r("mcp-browser-code", High, "runs JavaScript in the page or in the browser's driver")
	secrets := r("mcp-browser-secrets", High, "reads the browser's cookies, storage or request headers, which hold logged-in sessions")
	http := r("mcp-browser-http", High, "sends an HTTP request from this machine")
	return mcpFamily{
		name:    "playwright",
		servers: []string{"playwright"},
		source:  "npm @playwright/mcp 0.0.83, every capability on (--caps=vision,pdf,devtools,testing,config,network,storage); npm @executeautomation/playwright-mcp-server 1.0.12",
		tools: map[string]mcpTool{
			"browser_annotate":            {rule: view},
			"browser_click":               {rule: act, args: roles(nil, "button doubleClick element modifiers target")},
			"browser_close":               {rule: view},
			"browser_console_messages":    {rule: view, args: roles(argRoles{"filename": argPathWrite}, "all level")},
			"browser_cookie_clear":        {rule: change},
			"browser_cookie_delete":       {rule: change, args: roles(nil, "name")},
			"browser_cookie_get":          {rule: secrets, args: roles(nil, "name")},
			"browser_cookie_list":         {rule: secrets, args: roles(nil, "domain path")},
			"browser_cookie_set":          {rule: change, args: roles(nil, "domain expires httpOnly name path sameSite secure value")},
			"browser_drag":                {rule: act, args: roles(nil, "endElement endTarget startElement startTarget")},
			"browser_drop":                {rule: act, args: roles(argRoles{"paths": argPathRead}, "element target")},
			"browser_emulate_media":       {rule: view, args: roles(nil, "colorScheme contrast forcedColors media reducedMotion")},
			"browser_evaluate":            {rule: code, args: roles(argRoles{"filename": argPathWrite, "function": argJS}, "element target")},
			"browser_file_upload":         {rule: act, args: roles(argRoles{"paths": argPathRead}, "")},
			"browser_fill_form":           {rule: act, args: roles(nil, "fields.element fields.name fields.target fields.type fields.value")},
			"browser_find":                {rule: view, args: roles(argRoles{"filename": argPathWrite}, "regex text")},
			"browser_generate_locator":    {rule: view, args: roles(nil, "element target")},
			"browser_get_config":          {rule: view},
			"browser_handle_dialog":       {rule: act, args: roles(nil, "accept promptText")},
			"browser_hide_highlight":      {rule: view, args: roles(nil, "element target")},
			"browser_highlight":           {rule: view, args: roles(nil, "element style target")},
			"browser_hover":               {rule: view, args: roles(nil, "element target")},
			"browser_localstorage_clear":  {rule: change},
			"browser_localstorage_delete": {rule: change, args: roles(nil, "key")},
			"browser_localstorage_get":    {rule: secrets, args: roles(nil, "key")},
			"browser_localstorage_list":   {rule: secrets},
			"browser_localstorage_set":    {rule: change, args: roles(nil, "key value")},
			"browser_mouse_click_xy":      {rule: act, args: roles(nil, "button clickCount delay x y")},
			"browser_mouse_down":          {rule: act, args: roles(nil, "button")},
			"browser_mouse_drag_xy":       {rule: act, args: roles(nil, "endX endY startX startY")},
			"browser_mouse_move_xy":       {rule: view, args: roles(nil, "x y")},
			"browser_mouse_up":            {rule: act, args: roles(nil, "button")},
			"browser_mouse_wheel":         {rule: view, args: roles(nil, "deltaX deltaY")},
			"browser_navigate":            {rule: navigate, args: roles(argRoles{"url": argURL}, "")},
			"browser_navigate_back":       {rule: act},
			"browser_network_request":     {rule: secrets, args: roles(argRoles{"filename": argPathWrite}, "index part")},
			"browser_network_requests":    {rule: view, args: roles(argRoles{"filename": argPathWrite}, "filter static")},
			"browser_network_state_set":   {rule: change, args: roles(nil, "state")},
			"browser_pdf_save":            {rule: capture, args: roles(argRoles{"filename": argPathWrite}, "")},
			"browser_press_key":           {rule: act, args: roles(nil, "key")},
			"browser_resize":              {rule: view, args: roles(nil, "height width")},
			// Resumes a test script paused in the debugger: its code runs on.
			"browser_resume":     {rule: act, args: roles(nil, "location step")},
			"browser_route":      {rule: change, args: roles(nil, "body contentType headers pattern removeHeaders status")},
			"browser_route_list": {rule: view},
			// Runs in the driver's Node process; filename is code to load.
			"browser_run_code_unsafe":       {rule: code, args: roles(argRoles{"code": argJS, "filename": argPathRead}, "")},
			"browser_select_option":         {rule: act, args: roles(nil, "element target values")},
			"browser_sessionstorage_clear":  {rule: change},
			"browser_sessionstorage_delete": {rule: change, args: roles(nil, "key")},
			"browser_sessionstorage_get":    {rule: secrets, args: roles(nil, "key")},
			"browser_sessionstorage_list":   {rule: secrets},
			"browser_sessionstorage_set":    {rule: change, args: roles(nil, "key value")},
			// Replaces the cookies and storage with a file's.
			"browser_set_storage_state":       {rule: change, args: roles(argRoles{"filename": argPathRead}, "")},
			"browser_snapshot":                {rule: view, args: roles(argRoles{"filename": argPathWrite}, "boxes depth target")},
			"browser_start_recording":         {rule: view},
			"browser_start_tracing":           {rule: capture},
			"browser_start_video":             {rule: capture, args: roles(argRoles{"filename": argPathWrite}, "cursor fps size.height size.width")},
			"browser_stop_recording":          {rule: view},
			"browser_stop_tracing":            {rule: capture},
			"browser_stop_video":              {rule: capture},
			"browser_storage_state":           {rule: secrets, args: roles(argRoles{"filename": argPathWrite}, "")},
			"browser_tabs":                    {rule: view, args: roles(argRoles{"url": argURL}, "action index")},
			"browser_take_screenshot":         {rule: capture, args: roles(argRoles{"filename": argPathWrite}, "element fullPage scale target type")},
			"browser_type":                    {rule: act, args: roles(nil, "element slowly submit target text")},
			"browser_unroute":                 {rule: change, args: roles(nil, "pattern")},
			"browser_verify_element_visible":  {rule: view, args: roles(nil, "accessibleName role")},
			"browser_verify_list_visible":     {rule: view, args: roles(nil, "element items target")},
			"browser_verify_text_visible":     {rule: view, args: roles(nil, "text")},
			"browser_verify_value":            {rule: view, args: roles(nil, "element target type value")},
			"browser_video_chapter":           {rule: view, args: roles(nil, "description duration title")},
			"browser_video_hide_actions":      {rule: view},
			"browser_video_show_actions":      {rule: view, args: roles(nil, "cursor duration position style.highlight style.point style.title")},
			"browser_wait_for":                {rule: view, args: roles(nil, "text textGone time")},
			"clear_codegen_session":           {rule: view, args: roles(nil, "sessionId")},
			"end_codegen_session":             {rule: capture, args: roles(nil, "sessionId")},
			"get_codegen_session":             {rule: view, args: roles(nil, "sessionId")},
			"playwright_assert_response":      {rule: view, args: roles(nil, "id value")},
			"playwright_click":                {rule: act, args: roles(nil, "selector")},
			"playwright_click_and_switch_tab": {rule: act, args: roles(nil, "selector")},
			"playwright_close":                {rule: view},
			"playwright_console_logs":         {rule: view, args: roles(nil, "clear limit search type")},
			"playwright_custom_user_agent":    {rule: change, args: roles(nil, "userAgent")},
			"playwright_delete":               {rule: http, args: roles(argRoles{"url": argURL}, "token")},
			"playwright_drag":                 {rule: act, args: roles(nil, "sourceSelector targetSelector")},
			"playwright_evaluate":             {rule: code, args: roles(argRoles{"script": argJS}, "")},
			"playwright_expect_response":      {rule: view, args: roles(nil, "id url")},
			"playwright_fill":                 {rule: act, args: roles(nil, "selector value")},
			// The HTTP tools send their request from this machine, a token and headers with it.
			"playwright_get":              {rule: http, args: roles(argRoles{"url": argURL}, "token")},
			"playwright_get_visible_html": {rule: view, args: roles(nil, "cleanHtml maxLength minify removeComments removeMeta removeScripts removeStyles selector")},
			"playwright_get_visible_text": {rule: view},
			"playwright_go_back":          {rule: act},
			"playwright_go_forward":       {rule: act},
			"playwright_hover":            {rule: view, args: roles(nil, "selector")},
			"playwright_iframe_click":     {rule: act, args: roles(nil, "iframeSelector selector")},
			"playwright_iframe_fill":      {rule: act, args: roles(nil, "iframeSelector selector value")},
			"playwright_navigate":         {rule: navigate, args: roles(argRoles{"url": argURL}, "browserType headless height timeout waitUntil width")},
			"playwright_patch":            {rule: http, args: roles(argRoles{"url": argURL}, "token value")},
			"playwright_post":             {rule: http, args: roles(argRoles{"url": argURL}, "token value")},
			"playwright_press_key":        {rule: act, args: roles(nil, "key selector")},
			"playwright_put":              {rule: http, args: roles(argRoles{"url": argURL}, "token value")},
			"playwright_resize":           {rule: view, args: roles(nil, "device height orientation width")},
			// filename is a name in the directory outputPath names; each is judged as a write.
			"playwright_save_as_pdf": {rule: capture, args: roles(argRoles{"filename": argPathWrite, "outputPath": argPathWrite}, "format margin.bottom margin.left margin.right margin.top printBackground")},
			// savePng writes the screenshot into downloadsDir, or the user's Downloads.
			"playwright_screenshot":  {rule: capture, args: roles(argRoles{"downloadsDir": argPathWrite}, "fullPage height name savePng selector storeBase64 width")},
			"playwright_select":      {rule: act, args: roles(nil, "selector value")},
			"playwright_upload_file": {rule: act, args: roles(argRoles{"filePath": argPathRead}, "selector")},
			"start_codegen_session":  {rule: capture, args: roles(argRoles{"options.outputPath": argPathWrite}, "options.includeComments options.testNamePrefix")},
		},
	}
}

// The reference Puppeteer server. Its navigate tool also takes the
// browser's launch options, an open object (launchOptions.*) whose leaves
// are judged as an unknown server's arguments: it is high anyway.
func mcpPuppeteerFamily() mcpFamily {
	view := r("mcp-browser-view", Minimal, "looks at or arranges the browser's pages: a snapshot, the console, the list of requests, tabs, the window")
	act := r("mcp-browser-act", Medium, "acts on the open page (a click, typed text or a file dropped can send a form to the site)")
	navigate := r("mcp-browser-navigate", High, "makes the browser load a page from the network")
	code := r("mcp-browser-code", High, "runs JavaScript in the page or in the browser's driver")
	return mcpFamily{
		name:    "puppeteer",
		servers: []string{"puppeteer"},
		source:  "npm @modelcontextprotocol/server-puppeteer 2025.5.12",
		tools: map[string]mcpTool{
			"puppeteer_click":      {rule: act, args: roles(nil, "selector")},
			"puppeteer_evaluate":   {rule: code, args: roles(argRoles{"script": argJS}, "")},
			"puppeteer_fill":       {rule: act, args: roles(nil, "selector value")},
			"puppeteer_hover":      {rule: view, args: roles(nil, "selector")},
			"puppeteer_navigate":   {rule: navigate, args: roles(argRoles{"url": argURL}, "allowDangerous")},
			"puppeteer_screenshot": {rule: view, args: roles(nil, "encoded height name selector width")},
			"puppeteer_select":     {rule: act, args: roles(nil, "selector value")},
		},
	}
}

// Google's Chrome DevTools server. It can attach to the user's own Chrome,
// with its logged-in sessions.
func mcpChromeDevtoolsFamily() mcpFamily {
	view := r("mcp-browser-view", Minimal, "looks at or arranges the browser's pages: a snapshot, the console, the list of requests, tabs, the window")
	capture := r("mcp-browser-capture", Low, "saves a screenshot, PDF, trace or video of the page to a file")
	act := r("mcp-browser-act", Medium, "acts on the open page (a click, typed text or a file dropped can send a form to the site)")
	change := r("mcp-browser-change", Medium, "changes the browser's cookies, storage, network or emulation for the pages it opens")
	navigate := r("mcp-browser-navigate", High, "makes the browser load a page from the network")
	code := r("mcp-browser-code", High, "runs JavaScript in the page or in the browser's driver")
	secrets := r("mcp-browser-secrets", High, "reads the browser's cookies, storage or request headers, which hold logged-in sessions")
	return mcpFamily{
		name:    "chrome-devtools",
		servers: []string{"chrome-devtools"},
		source:  "npm chrome-devtools-mcp 1.11.0",
		tools: map[string]mcpTool{
			"click":               {rule: act, args: roles(nil, "dblClick includeSnapshot pageId uid")},
			"close_page":          {rule: view, args: roles(nil, "pageId")},
			"drag":                {rule: act, args: roles(nil, "from_uid includeSnapshot pageId to_uid")},
			"emulate":             {rule: change, args: roles(nil, "colorScheme cpuThrottlingRate extraHttpHeaders forcedColors geolocation networkConditions pageId prefersContrast prefersReducedMotion userAgent viewport")},
			"evaluate_script":     {rule: code, args: roles(argRoles{"filePath": argPathWrite, "function": argJS, "sourcePath": argPathRead}, "args dialogAction format pageId waitForStableDom")},
			"fill":                {rule: act, args: roles(nil, "includeSnapshot pageId uid value")},
			"fill_form":           {rule: act, args: roles(nil, "elements.uid elements.value includeSnapshot pageId")},
			"get_console_message": {rule: view, args: roles(nil, "msgid pageId")},
			"get_css_styles":      {rule: view, args: roles(nil, "pageId pageIdx pageSize uid")},
			"get_network_request": {rule: secrets, args: roles(argRoles{"requestFilePath": argPathWrite, "responseFilePath": argPathWrite}, "pageId reqid")},
			"handle_dialog":       {rule: act, args: roles(nil, "action pageId promptText")},
			"hover":               {rule: view, args: roles(nil, "includeSnapshot pageId uid")},
			// A navigation audit reloads the page.
			"lighthouse_audit":            {rule: act, args: roles(argRoles{"outputDirPath": argPathWrite}, "device mode pageId")},
			"list_console_messages":       {rule: view, args: roles(nil, "includePreservedMessages includeStackTraces pageId pageIdx pageSize serviceWorkerId types")},
			"list_network_requests":       {rule: view, args: roles(nil, "includePreservedRequests pageId pageIdx pageSize resourceTypes")},
			"list_pages":                  {rule: view},
			"navigate_page":               {rule: navigate, args: roles(argRoles{"initScript": argJS, "url": argURL}, "handleBeforeUnload ignoreCache pageId timeout type")},
			"new_page":                    {rule: navigate, args: roles(argRoles{"url": argURL}, "background isolatedContext timeout")},
			"performance_analyze_insight": {rule: view, args: roles(nil, "insightName insightSetId pageId")},
			"performance_start_trace":     {rule: capture, args: roles(argRoles{"filePath": argPathWrite}, "autoStop ignoreCache pageId reload")},
			"performance_stop_trace":      {rule: capture, args: roles(argRoles{"filePath": argPathWrite}, "pageId")},
			"press_key":                   {rule: act, args: roles(nil, "includeSnapshot key pageId")},
			"resize_page":                 {rule: view, args: roles(nil, "height pageId width")},
			"screencast_start":            {rule: capture, args: roles(argRoles{"filePath": argPathWrite}, "pageId")},
			"screencast_stop":             {rule: capture, args: roles(nil, "pageId")},
			"select_page":                 {rule: view, args: roles(nil, "bringToFront pageId")},
			// A heap snapshot holds the page's memory, its session tokens with it.
			"take_heapsnapshot": {rule: secrets, args: roles(argRoles{"filePath": argPathWrite}, "pageId")},
			"take_screenshot":   {rule: capture, args: roles(argRoles{"filePath": argPathWrite}, "format fullPage pageId quality uid")},
			"take_snapshot":     {rule: view, args: roles(argRoles{"filePath": argPathWrite}, "pageId verbose")},
			"type_text":         {rule: act, args: roles(nil, "pageId submitKey text")},
			"upload_file":       {rule: act, args: roles(argRoles{"filePaths": argPathRead}, "includeSnapshot pageId uid")},
			"wait_for":          {rule: view, args: roles(nil, "pageId text timeout")},
		},
	}
}
