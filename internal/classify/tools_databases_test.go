package classify

// databasesCases are the expected verdicts for the programs of databases
// (tools_databases.go): the rows of the tables named after the work that
// added them, gathered here by the program each row runs. Each part says
// where its rows came from.
var databasesCases = []classifyCase{
	// ==== from toolsCases: issue 13's command knowledge in the tables (tools_cases_test.go; further spellings in tools_heldout_test.go) ====
	// class 10: destructive verbs of less common tools
	dangerous("cqlsh -e 'DROP KEYSPACE x'", "cqlsh-drop"),
	high("cqlsh -e 'SELECT * FROM t'", "cqlsh"),
	dangerous("influx bucket delete -n b", "influx-delete"),
	dangerous("influx delete --bucket b --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z", "influx-delete"),
	dangerous("influx -execute 'DROP MEASUREMENT cpu'", "influx-drop"),
	medium("influx bucket list", "influx-list"),
	high("influx query 'from(bucket:\"b\")'", "influx"),
	dangerous("etcdctl del --prefix ''", "etcdctl-del-prefix"),
	high("etcdctl del /a", "etcdctl-del"),
	dangerous("etcdctl compaction 1234", "etcdctl-compact"),
	dangerous("etcdctl snapshot restore x.db", "etcdctl-snapshot-restore"),
	medium("etcdctl member list", "etcdctl-list"),
	high("etcdctl get --prefix ''", "etcdctl"),
	dangerous("consul kv delete -recurse", "consul-kv-delete-recurse"),
	high("consul kv delete a/b", "consul-kv-delete"),
	dangerous("consul snapshot restore backup.snap", "consul-snapshot-restore"),
	medium("consul kv get a/b", "consul-read"),
	high("consul agent -dev", "consul"),
	dangerous("rabbitmqctl delete_vhost x", "rabbitmqctl-delete"),
	dangerous("rabbitmqctl purge_queue q", "rabbitmqctl-delete"),
	dangerous("rabbitmqctl reset", "rabbitmqctl-delete"),
	medium("rabbitmqctl list_queues", "rabbitmqctl-list"),
	high("rabbitmqctl add_user x y", "rabbitmqctl"),
	// issue 27, class 6: the verb after the options that take a value
	dangerous("rabbitmqctl --vhost prod purge_queue jobs", "rabbitmqctl-delete"),
	dangerous("rabbitmqctl -n rabbit@h delete_queue q1", "rabbitmqctl-delete"),
	dangerous("rabbitmqadmin -V prod delete queue name=q", "rabbitmqadmin-delete"),
	dangerous("rabbitmqadmin -H h -u u -p pw purge queue name=q", "rabbitmqadmin-delete"),
	medium("rabbitmqctl -p prod list_queues", "rabbitmqctl-list"),
	dangerous("rabbitmqadmin delete queue name=jobs", "rabbitmqadmin-delete"),
	high("rabbitmqadmin declare queue name=jobs", "rabbitmqadmin"),
	dangerous("psql -c 'ALTER TABLE t DROP COLUMN c'", "psql-drop-column"),
	dangerous("mysql -e 'ALTER TABLE t DROP c'", "mysql-drop-column"),
	dangerous("psql -c 'TRUNCATE t'", "psql-truncate"),
	dangerous("psql -c 'DELETE FROM t'", "psql-delete-all"),
	high("psql -c 'ALTER TABLE t DROP CONSTRAINT c'", "psql"),
	high("psql -c 'ALTER TABLE t ADD COLUMN c int'", "psql"),

	// ==== from redteamToolCases: under-ratings found by red-teaming the tool tables; redteam_tools_test.go lists the design sentences the comments quote ====
	// ===== F. medium today, but high =====
	// build tools that run the program, publish, or run any command
	high(`prisma studio`, ""),

	// ==== from coverageCases: rows that give each table rule a case (coverage_test.go, TestEveryTableRuleHasARow) ====
	// ---- Table rows: development tools (tools_build.go, tools_packages.go) ----
	high("prisma migrate deploy", "prisma-deploy"),
	high("prisma db execute --file fix.sql", "prisma-execute"),
	dangerous("prisma db push --force-reset", "prisma-force-reset"),

	// ---- Table rows: databases ----
	high("duckdb analytics.db -c 'SELECT 42'", "duckdb"),
	high("sqlcmd -S db -Q 'SELECT 1'", "sqlcmd"),
	high("mysqladmin -u root status", "mysqladmin"),
	high("mysqladmin -u root shutdown", "mysqladmin-shutdown"),
}

// databasesInfraCases are the rows of infraCases for these programs: the
// infrastructure programs' dangerous verbs, and the safe or merely high
// neighbours that must not be caught with them. infra_cases_test.go joins
// the families' parts into infraCases, which the invariant and fuzz tests read.
var databasesInfraCases = []classifyCase{
	// Databases.
	{cmd: "psql -c 'SELECT 1'", level: High, rule: "psql"},
	{cmd: `psql -c "SELECT * FROM users LIMIT 10;"`, level: High, rule: "psql"},
	{cmd: `psql -c "DROP DATABASE production;"`, level: High, dangerous: true, rule: "psql-drop"},
	{cmd: `psql -h db -U app -d prod --command="drop table if exists users"`, level: High, dangerous: true, rule: "psql-drop"},
	{cmd: `psql -c "DROP SCHEMA public CASCADE"`, level: High, dangerous: true, rule: "psql-drop"},
	{cmd: `psql -c "TRUNCATE TABLE sessions;"`, level: High, dangerous: true, rule: "psql-truncate"},
	{cmd: `psql -c "DELETE FROM audit_log;"`, level: High, dangerous: true, rule: "psql-delete-all"},
	{cmd: `psql -c 'DELETE FROM "Public"."Users"'`, level: High, dangerous: true, rule: "psql-delete-all"},
	{cmd: `psql -c "DELETE FROM users WHERE id = 1"`, level: High, rule: "psql"},
	{cmd: `psql -c "DELETE FROM users WHERE 1=1"`, level: High, dangerous: true, rule: "psql-delete-all"},
	{cmd: `psql -c "DELETE FROM users -- WHERE id = 1"`, level: High, dangerous: true, rule: "psql-delete-all"},
	{cmd: `psql -c "UPDATE users SET admin = true"`, level: High, dangerous: true, rule: "psql-update-all"},
	{cmd: `psql -c "UPDATE users SET admin = true WHERE id = 7"`, level: High, rule: "psql"},
	{cmd: `mysql -e "UPDATE users SET color = '#fff' WHERE id = 7"`, level: High, rule: "mysql"},
	{cmd: `mysql -e "DELETE FROM users # WHERE id = 7"`, level: High, dangerous: true, rule: "mysql-delete-all"},
	{cmd: "psql -c \"DELETE FROM t\nWHERE created < now() - interval '30 days'\"", level: High, rule: "psql"},
	{cmd: `psql -c "CREATE TABLE a (b int REFERENCES c ON DELETE CASCADE)"`, level: High, rule: "psql"},
	{cmd: `psql -c "$SQL"`, level: High, rule: "psql-dynamic-query"},
	{cmd: `psql "$DATABASE_URL" -c 'SELECT 1'`, level: High, rule: "psql"},
	{cmd: "psql < drop.sql", level: High, rule: "psql"},
	{cmd: "echo 'DROP TABLE users;' | psql", level: High, dangerous: true, rule: "psql-drop"},
	{cmd: "psql <<'EOF'\nBEGIN;\nTRUNCATE orders;\nCOMMIT;\nEOF", level: High, dangerous: true, rule: "psql-truncate"},
	{cmd: "psql <<< 'SELECT count(*) FROM users'", level: High, rule: "psql"},
	{cmd: "mysql -e 'SHOW TABLES'", level: High, rule: "mysql"},
	{cmd: "mysql -e 'DELETE FROM users'", level: High, dangerous: true, rule: "mysql-delete-all"},
	{cmd: "mysql -e 'DELETE FROM users WHERE id=1'", level: High, rule: "mysql"},
	{cmd: "mysql -e 'SELECT TRUNCATE(1.234, 1)'", level: High, rule: "mysql"},
	{cmd: "mariadb -u root --execute='DROP DATABASE app'", level: High, dangerous: true, rule: "mysql-drop"},
	{cmd: "sqlite3 db.sqlite", level: High, rule: "sqlite3"},
	{cmd: "sqlite3 db.sqlite '.tables'", level: High, rule: "sqlite3"},
	{cmd: "sqlite3 db.sqlite 'DROP TABLE users'", level: High, dangerous: true, rule: "sqlite3-drop"},
	{cmd: `sqlite3 "$DB" "$QUERY"`, level: High, rule: "sqlite3-dynamic-query"},
	{cmd: "mongosh", level: High, rule: "mongosh"},
	{cmd: `mongosh --eval "db.dropDatabase()"`, level: High, dangerous: true, rule: "mongosh-drop"},
	{cmd: `mongo app --eval 'db.users.deleteMany({})'`, level: High, dangerous: true, rule: "mongosh-delete-all"},
	{cmd: `mongosh --eval 'db.users.find({age: {$gt: 3}})'`, level: High, rule: "mongosh"},
	{cmd: `cockroach sql -e "DROP DATABASE bank CASCADE"`, level: High, dangerous: true, rule: "cockroach-drop"},
	{cmd: `clickhouse-client --query "TRUNCATE TABLE events"`, level: High, dangerous: true, rule: "clickhouse-truncate"},
	{cmd: "redis-cli", level: High, rule: "redis-cli"},
	{cmd: "redis-cli GET key", level: High, rule: "redis-cli"},
	{cmd: "redis-cli FLUSHALL", level: High, dangerous: true, rule: "redis-cli-flush"},
	{cmd: "redis-cli -h cache -n 2 flushdb", level: High, dangerous: true, rule: "redis-cli-flush"},
	{cmd: "echo FLUSHALL | redis-cli", level: High, dangerous: true, rule: "redis-cli-flush"},
	{cmd: "redis-cli --scan --pattern 'user:*'", level: High, rule: "redis-cli"},
	{cmd: "redis-cli $CMD", level: High, rule: "redis-cli-dynamic-query"},
	{cmd: "dropdb production", level: High, dangerous: true, rule: "dropdb"},
	{cmd: "dropuser app", level: High, dangerous: true, rule: "dropuser"},
	{cmd: "pg_restore -d app dump.sql", level: High, rule: "pg-restore"},
	{cmd: "pg_restore --clean -d app dump.sql", level: High, dangerous: true, rule: "pg-restore-clean"},
	{cmd: "mysqladmin -u root drop testdb", level: High, dangerous: true, rule: "mysqladmin-drop"},
	{cmd: "kafka-topics --bootstrap-server localhost:9092 --list", level: High, rule: "kafka-topics"},
	{cmd: "kafka-topics --bootstrap-server localhost:9092 --delete --topic orders", level: High, dangerous: true, rule: "kafka-topics-delete"},

	// a client's own commands and options act on this machine: a file
	// written or read, a shell command run (tools_databases_clients.go)
	{cmd: `psql -c '\! rm -rf ~'`, level: High, dangerous: true, rule: "rm-recursive-force"},
	{cmd: `psql -c 'select 1' -c '\o /home/u/.bashrc'`, level: High, dangerous: true, rule: "write-startup-unknown"},
	{cmd: `psql -o /home/u/.zshenv -c 'select 1'`, level: High, dangerous: true, rule: "write-startup-unknown"},
	{cmd: `psql --log-file=.claude/settings.json -c 'select 1'`, level: High, dangerous: true, rule: "guard-file"},
	{cmd: `psql -c "\copy t to '/home/u/.profile' csv"`, level: High, dangerous: true, rule: "write-startup-unknown"},
	{cmd: `psql -c "\copy t to program 'rm -rf ~'"`, level: High, dangerous: true, rule: "rm-recursive-force"},
	{cmd: `psql -c 'select 1 \g /home/u/.bashrc'`, level: High, dangerous: true, rule: "write-startup-unknown"},
	{cmd: `sqlite3 x.db '.shell rm -rf ~'`, level: High, dangerous: true, rule: "rm-recursive-force"},
	{cmd: `sqlite3 -cmd '.output .claude/settings.json' x.db 'select 1;'`, level: High, dangerous: true, rule: "guard-file"},
	{cmd: `sqlite3 x.db '.once /home/u/.profile' 'select 1;'`, level: High, dangerous: true, rule: "write-startup-unknown"},
	{cmd: `sqlite3 x.db '.read /home/u/.ssh/id_ed25519'`, level: High, rule: "read-secret"},
	{cmd: `duckdb -c '.system rm -rf ~'`, level: High, dangerous: true, rule: "rm-recursive-force"},
	{cmd: `mysql -e 'system rm -rf ~'`, level: High, dangerous: true, rule: "rm-recursive-force"},
	{cmd: `mysql --execute='\! rm -rf ~'`, level: High, dangerous: true, rule: "rm-recursive-force"},
	{cmd: `mysql -e'system rm -rf ~'`, level: High, dangerous: true, rule: "rm-recursive-force"},
	{cmd: `mysql --tee=/home/u/.bashrc -e 'select 1'`, level: High, dangerous: true, rule: "write-startup-unknown"},
	{cmd: `mysql -e '\T /home/u/.bashrc'`, level: High, dangerous: true, rule: "write-startup-unknown"},
	{cmd: `psql -c 'select 1' -o build/out.txt`, level: High, rule: "psql"},
	{cmd: `psql -c '\o | cat'`, level: High, rule: "psql"},
	{cmd: `sqlite3 x.db '.output build/rows.csv' 'select * from t;'`, level: High, rule: "sqlite3"},
	{cmd: `mysql -e 'source build/schema.sql' app`, level: High, rule: "mysql"},
	{cmd: `psql -c '\o $OUT'`, level: High, rule: "db-client-command"},
	{cmd: `sqlite3 x.db ".output $HOME/.bashrc" "select 1;"`, level: High, dangerous: true, rule: "write-startup-unknown"},
}
