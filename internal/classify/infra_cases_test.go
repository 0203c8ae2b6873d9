package classify

import "slices"

// infraCases are the expected verdicts for the infrastructure programs
// (the rows built by functions in tools_containers.go, tools_cloud.go,
// tools_databases.go, ...): every dangerous verb, and the safe or merely
// high neighbours that must not be caught with them. The rows live beside
// their families (tools_<family>_test.go); this table joins them because
// TestInvariants and FuzzClassify read infraCases as one list.
var infraCases = slices.Concat(containersInfraCases, cloudInfraCases, gitInfraCases, databasesInfraCases, systemInfraCases, packagesInfraCases, networkInfraCases)
