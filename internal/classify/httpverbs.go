package classify

// An HTTP client is a remote control for whatever service the URL names,
// and the request says what the service is asked to do. DELETE asks it to
// destroy a resource (an Elasticsearch index, a server, a repository), and
// so does a state-changing request to an endpoint named for destruction
// (_delete_by_query, doDelete, delete_series): that is the verb whose
// purpose is irreversible destruction (design §2.8), spelled as HTTP.
