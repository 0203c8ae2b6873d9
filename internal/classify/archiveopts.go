package classify

// archiveSpecs are the options of the compressors that read the GNU way.
// tar (its old-style first word), zip and unzip (single-letter options
// in their own conventions) are read by their rows in archives.go and
// tools_archives.go.
func archiveSpecs() map[string]*toolSpec {
	return map[string]*toolSpec{
		// -2 to -8 are levels as -1 and -9 are
		"gzip gunzip": {opts: newOptTable("-c/--stdout, -d/--decompress/--uncompress, -f/--force, -h/--help, "+
			"-k/--keep, -l/--list, -L/--license, -n/--no-name, -N/--name, -q/--quiet, -r/--recursive, --rsyncable, "+
			"-S=/--suffix=, --synchronous, -t/--test, -v/--verbose, -V/--version, -1/--fast, -9/--best", false),
			digits: true, from: "gzip 1.12 --help"},
	}
}
