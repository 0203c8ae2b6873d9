package classify

// archivesCases are the expected verdicts for the programs of archives
// (tools_archives.go, tar): the rows of the tables named after the work that
// added them, gathered here by the program each row runs. Each part says
// where its rows came from.
var archivesCases = []classifyCase{
	// ==== from everydayCases: issue 14: everyday development at the least level a person expects, and its neighbours (everyday_cases_test.go) ====
	// ---- class 4: read-only inspectors ----
	minimal("jar tf app.jar", "archive-list"),
	minimal("jar --list --file app.jar", "archive-list"),
	low("jar cf app.jar -C build .", "archive-write"),
	minimal("unzip -v x.zip", "archive-list"),
	minimal("unzip -l dist/app.zip", "archive-list"),
	dangerous("unzip x.zip", guardRuleID), // members unknown: may hold .claude/settings.json (design §2.9)

	// ==== from redteamToolCases: under-ratings found by red-teaming the tool tables; redteam_tools_test.go lists the design sentences the comments quote ====
	// ===== C. minimal (or low) today, but reads a secret =====
	// tar/gzip to stdout: the archive is the secret
	high(`tar czf - ~/.ssh`, "read-secret"),
	high(`gzip -c ~/.ssh/id_rsa`, "read-secret"),

	// ===== D. low today, but writes outside the workspace or runs code =====
	// tar -f in a cluster (-czf, czf) is never judged: the most common
	// spelling. tar -c -f is caught.
	high(`tar -czf /home/u/x.tgz .`, "write-outside"),
	dangerous(`tar czf /home/u/.bashrc .`, "write-startup-unknown"),
	high(`tar -cf /home/u/x.tar .`, "write-outside"),
	// holds
	dangerous(`tar -c -f /home/u/.bashrc .`, "write-startup-unknown"),
	// -P/--absolute-names extracts /abs/member names where they say
	dangerous(`tar -xPf x.tar`, ""),
	dangerous(`tar -xf x.tar --absolute-names`, ""),
	// -C in a cluster: the same as tar -xf x.tar -C /home/u (dangerous)
	dangerous(`tar -xvC /home/u -f x.tar`, "write-critical"),
	// snapshot, index and one-top-level files are written where named
	dangerous(`tar -cf x.tar -g /home/u/.bashrc .`, "write-startup-unknown"),
	dangerous(`tar -cf x.tar --listed-incremental=/home/u/.bashrc .`, "write-startup-unknown"),
	dangerous(`tar -cvf x.tar --index-file=/home/u/.bashrc .`, "write-startup-unknown"),
	high(`tar -xf x.tar --one-top-level=/home/u/x`, "write-outside"),
	// HOST:FILE archives are opened over rsh/ssh: network
	high(`tar -xf host:x.tar -C build`, ""),
	high(`tar -cf user@host:/x.tar .`, ""),
	// --remove-files deletes what it archived (rm is high)
	medium(`tar -cf x.tar --remove-files src`, ""),
	// unzip -: allows ../ member names; 7z -oDIR extracts into DIR
	dangerous(`unzip -: x.zip`, ""),
	dangerous(`7za x x.7z -o/home/u/.ssh`, "overwrite-startup"),
	dangerous(`7z x -o/etc x.7z`, "write-system"),
	// zip -T -TT CMD runs CMD to test the archive (verified)
	high(`zip -r x.zip . -T -TT 'sh -c id'`, ""),
	high(`zip -r x.zip . -T --unzip-command='sh -c id'`, ""),

	// ===== G. high today, but dangerous =====
	// extracting over /etc (tar -C /etc is dangerous)
	dangerous(`unzip x.zip -d /etc`, "write-system"),
	// holds
	dangerous(`tar -xf x.tar -C /etc`, "write-system"),

	// ==== from coverageCases: rows that give each table rule a case (coverage_test.go, TestEveryTableRuleHasARow) ====
	high("zip -r ~/backup.zip src", "archive-outside"),
	// ==== issue 26: tar read by one option parser (GNU tar 1.34's spec, tools_archives_opts.go) ====
	// -f's value glued after a cluster is the archive written, as -c -f
	dangerous(`tar -cf/home/u/.bashrc src`, "write-startup-unknown"),
	dangerous(`tar -cf$HOME/.bashrc src`, "write-startup-unknown"),
	dangerous(`tar -cvf"$HOME/.bashrc" src`, "write-startup-unknown"),
	// old style: each letter's value is the next word in order
	dangerous(`tar cfg x.tar /home/u/.bashrc src`, "write-startup-unknown"),
	// -F glued, and --rmt-command, run a program
	high(`tar -cvF./next.sh -f x.tar src`, "tar-exec"),
	high(`tar --rmt-command=./rmt -tf x.tar`, "tar-exec"),
	// an option GNU tar does not have is not understood
	high(`tar -czf x.tgz --frobnicate src`, "option-unknown"),
	// ==== issue 26: archivers that delete what they pack, judged as rm -r of each operand ====
	dangerous(`tar --remove-files -czf /tmp/x.tgz .`, "delete-workspace"),
	dangerous(`zip -rm /tmp/x.zip .`, "delete-workspace"),
	dangerous(`zip --move -r /tmp/x.zip .`, "delete-workspace"),
	dangerous(`7z a -sdel /tmp/x.7z .`, "delete-workspace"),
	dangerous(`zip -rm /tmp/x.zip ~`, ""),
	medium(`tar --remove-files -czf x.tgz build`, "rm"),
	medium(`zip -m logs.zip app.log`, "rm"),
	// ==== issue 27, class 6: every archiver and compressor that deletes
	// what it reads, judged as the delete of it (deletesPacked) ====
	dangerous(`zip -rm backup.zip ~`, "delete-critical"),
	dangerous(`zip -mr backup.zip ~`, "delete-critical"),
	dangerous(`rar m x.rar ~`, "delete-critical"),
	dangerous(`rar mf x.rar ~`, "delete-critical"),
	dangerous(`rar a -df x.rar ~`, "delete-critical"),
	medium(`rar a -df x.rar build`, "rm"),
	high(`rar a x.rar ~`, "archive-outside"),
	// gzip, bzip2, xz and compress replace what they read unless -k;
	// zstd and lz4 only with --rm
	dangerous(`gzip -r ~`, "delete-critical"),
	dangerous(`gzip -r .`, "delete-workspace"),
	dangerous(`zstd --rm -r ~`, "delete-critical"),
	high(`gzip ~/.bashrc`, "delete-persistence"),
	high(`xz ~/.profile`, "delete-persistence"),
	high(`xz -T0 ~/.profile`, "delete-persistence"),
	high(`bzip2 ~/.zshrc`, "delete-persistence"),
	high(`lz4 --rm ~/.bashrc`, "delete-persistence"),
	high(`gunzip ~/notes.txt.gz`, "delete-outside"),
	// kept, or not deleted at all
	high(`gzip -rk ~`, "archive-outside"),
	high(`zstd -r ~`, "archive-outside"),
	low(`gzip -c ~/notes.txt`, "archive-write"),
	low(`gzip build/out.log`, "archive-write"),
	low(`xz dist/app.tar`, "archive-write"),
	// the compressors that replace their inputs as gzip does, and the
	// ones that do with --rm, -j or -U (issue 27, class 6)
	dangerous(`pigz -r ~`, "delete-critical"),
	dangerous(`unpigz -r ~`, "delete-critical"),
	dangerous(`pbzip2 -p4 -r ~`, ""),
	high(`lbzip2 -n 4 ~/.bashrc`, "delete-persistence"),
	high(`plzip ~/.bashrc`, "delete-persistence"),
	high(`lzip -9 ~/.profile`, "delete-persistence"),
	high(`lzma ~/.zshrc`, "delete-persistence"),
	high(`pixz ~/.bashrc`, "delete-persistence"),
	high(`brotli -j ~/.bashrc`, "delete-persistence"),
	high(`lzop -U ~/.bashrc`, "delete-persistence"),
	high(`pigz -k -r ~`, "archive-outside"),
	high(`brotli ~/.bashrc`, "archive-outside"),
	low(`pigz build/out.log`, "archive-write"),
	low(`lzip dist/app.tar`, "archive-write"),
}
