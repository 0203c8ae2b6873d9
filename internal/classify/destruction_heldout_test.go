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
		// issue 27, class 6: more compressors, the trash, moves that
		// delete, and the verbs that empty or drop a database, a queue or
		// a cluster
		dangerous(`pigz --recursive --fast ~/`, "delete-critical"),
		dangerous(`unpigz -r -- "$HOME"`, ""),
		dangerous(`lbzip2 -r ~`, ""),
		dangerous(`trash-put -- "$HOME"`, ""),
		dangerous(`gio trash -f ~/`, "delete-critical"),
		dangerous(`kioclient6 mv ~ trash:/`, "delete-critical"),
		dangerous(`rclone moveto ~/ /mnt/backup/home`, "delete-critical"),
		dangerous(`supabase db reset --debug`, "supabase-db-reset"),
		dangerous(`python3 ./manage.py flush --database default --noinput`, "django-flush"),
		dangerous(`php ./artisan db:wipe --drop-views --force`, "artisan-db-wipe"),
		dangerous(`flyway -configFiles=conf/flyway.conf clean`, "flyway-clean"),
		dangerous(`sqlx db drop -y -D postgres://x/app`, "sqlx-database-drop"),
		dangerous(`nats str purge EVENTS --force`, "nats-stream-purge"),
		dangerous(`k3d cluster rm --all`, "k3d-cluster-delete"),
		dangerous(`kind delete cluster`, "kind-delete-cluster"),
		dangerous(`npx typeorm-ts-node-commonjs schema:drop -d ./ds.ts`, "typeorm-schema-drop"),
		dangerous(`npx mikro-orm-esm schema:fresh -r`, "mikro-orm-schema-fresh"),
		medium(`trash-put dist/old.zip`, "trash"),
		low(`plzip dist/app.tar`, "archive-write"),
	} {
		checkCase(t, tc, testEnv)
	}
}
