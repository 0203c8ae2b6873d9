package classify

import "testing"

// TestDestructionHeldOut holds spellings kept out of the tables while the
// archivers and compressors that delete what they read were made one
// judgement (issue 27, class 6), written after the fix; and spellings of
// the moves and of the verbs that empty or drop data, which were dangerous
// already, so that they stay so.
func TestDestructionHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// archive and remove
		dangerous(`rar m -r /tmp/b.rar ./`, "delete-workspace"),
		dangerous(`rar a -df -m5 /tmp/b.rar $HOME`, ""),
		dangerous(`gzip --recursive --best ~/`, "delete-critical"),
		dangerous(`gzip -9r -- ~`, "delete-critical"),
		dangerous(`unzstd --rm --recursive ~`, "delete-critical"),
		dangerous(`zip -qrm9 /tmp/all.zip "$HOME"`, ""),
		dangerous(`gzip -f ~/.ssh/config`, "delete-keys-or-startup"),
		high(`bzip2 -z ~/.bash_profile`, "delete-persistence"),
		high(`xz --keep ~/.profile`, "archive-outside"),
		high(`gzip -kr ~`, "archive-outside"),
		low(`gzip -9 build/app.log`, "archive-write"),
		// a move of what may not be deleted
		dangerous(`mv -- ~ /tmp/h`, ""),
		dangerous(`mv -t /tmp ~/.ssh`, ""),
		dangerous(`rsync -a --remove-source-files ./ /tmp/ws/`, "delete-workspace"),
		// verbs that empty or drop what they name
		dangerous(`redis-cli -n 0 flushall`, "redis-cli-flush"),
		dangerous(`rabbitmqctl -p / purge_queue jobs`, "rabbitmqctl-delete"),
		dangerous(`kafka-topics.sh --bootstrap-server k:9092 --topic t --delete`, "kafka-topics-delete"),
		dangerous(`aws s3 rm s3://b/ --recursive`, "aws-s3-rm-recursive"),
		dangerous(`gsutil rm -r gs://b/prefix`, "gsutil-rm-recursive"),
	} {
		checkCase(t, tc, testEnv)
	}
}
