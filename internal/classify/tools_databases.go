package classify

// Database clients and the command-line tools of data stores.

var databaseTools = []tool{
	{names: "prisma", rule: buildRule, subs: []sub{
		{words: "studio", rule: serverRule},
		{words: "migrate reset", rule: rule{id: "prisma-migrate-reset", level: High, dangerous: true, why: "drops the database and re-creates it, deleting all its data", effect: EffectDelete}},
		{words: "db push", rule: buildRule, flags: []flagRule{{opts: "--force-reset --accept-data-loss", rule: destroy("prisma-force-reset", "resets the database, deleting all its data")}}},
		{words: "migrate deploy", rule: rule{id: "prisma-deploy", level: High, why: "applies migrations to a database that may be shared"}},
		{words: "db execute", rule: rule{id: "prisma-execute", level: High, why: "runs SQL against the database"}},
	}},
	// the migration tools' verbs that empty or drop the database (issue
	// 27, destruction by class), each from the tool's command reference.
	// A project's management script (Django's manage.py, Laravel's
	// artisan) is code nobody reviewed, run as such; its verbs that
	// empty the database are dangerous on top. goose (pressly/goose,
	// reset) is not here: the name is the agent's (tools_agents.go).
	{names: "manage.py", rule: unseen(rule{id: "run-program-file", level: High, why: "runs a program from a file nobody has reviewed", effect: EffectRun}), subs: []sub{
		s("flush", destroy("django-flush", "empties every table of the database, deleting all its data")),
		s("reset_db", destroy("django-reset-db", "drops the database and creates it again, deleting all its data")),
	}},
	{names: "artisan", rule: unseen(rule{id: "run-program-file", level: High, why: "runs a program from a file nobody has reviewed", effect: EffectRun}), subs: []sub{
		s("migrate:fresh", destroy("artisan-migrate-fresh", "drops every table and migrates again, deleting all data")),
		s("migrate:refresh", destroy("artisan-migrate-refresh", "rolls back every migration and migrates again, deleting all data")),
		s("migrate:reset", destroy("artisan-migrate-reset", "rolls back every migration, dropping the tables they made")),
		s("db:wipe", destroy("artisan-db-wipe", "drops every table, view and type of the database")),
	}},
	{names: "flyway", rule: r("flyway", High, "migrates a database"), subs: []sub{
		s("clean", destroy("flyway-clean", "drops every object of the schemas it manages")),
	}},
	{names: "liquibase", rule: r("liquibase", High, "migrates a database"), subs: []sub{
		s("drop-all", destroy("liquibase-drop-all", "drops every object of the database")),
		s("dropAll", destroy("liquibase-drop-all", "drops every object of the database")),
	}},
	{names: "sqlx", rule: r("sqlx", High, "creates, migrates or drops databases"), subs: []sub{
		s("database drop", destroy("sqlx-database-drop", "drops the database and all its data")),
		s("db drop", destroy("sqlx-database-drop", "drops the database and all its data")),
		s("database reset", destroy("sqlx-database-reset", "drops the database and creates it again, deleting all its data")),
		s("db reset", destroy("sqlx-database-reset", "drops the database and creates it again, deleting all its data")),
	}},
	{names: "diesel", rule: r("diesel", High, "creates, migrates or drops databases"), subs: []sub{
		s("database reset", destroy("diesel-database-reset", "drops the database and creates it again, deleting all its data")),
		s("database drop", destroy("diesel-database-drop", "drops the database and all its data")),
	}},
	{names: "dbmate", rule: r("dbmate", High, "creates, migrates or drops databases"), subs: []sub{
		s("drop", destroy("dbmate-drop", "drops the database and all its data")),
	}},
	{names: "sequelize sequelize-cli", rule: r("sequelize", High, "creates, migrates or drops databases"), subs: []sub{
		s("db:drop", destroy("sequelize-db-drop", "drops the database and all its data")),
		s("db:migrate:undo:all", destroy("sequelize-undo-all", "rolls back every migration, dropping the tables they made")),
	}},
	{names: "typeorm typeorm-ts-node-commonjs typeorm-ts-node-esm", rule: r("typeorm", High, "creates, migrates or drops databases"), subs: []sub{
		s("schema:drop", destroy("typeorm-schema-drop", "drops every table of the database")),
	}},
	{names: "mikro-orm mikro-orm-esm", rule: r("mikro-orm", High, "creates, migrates or drops databases"), subs: []sub{
		s("schema:drop", destroy("mikro-orm-schema-drop", "drops every table of the database")),
		s("schema:fresh", destroy("mikro-orm-schema-fresh", "drops every table and creates the schema again, deleting all data")),
		s("migration:fresh", destroy("mikro-orm-migration-fresh", "drops every table and migrates again, deleting all data")),
	}},
	{names: "knex", rule: r("knex", High, "migrates a database"), subs: []sub{
		{words: "migrate:rollback", rule: r("knex", High, "migrates a database"),
			flags: []flagRule{f("--all", destroy("knex-rollback-all", "rolls back every migration, dropping the tables they made"))}},
	}},
	{names: "alembic", rule: r("alembic", High, "migrates a database"), subs: []sub{
		{words: "downgrade", rule: r("alembic", High, "migrates a database"), check: func(c *call) {
			if ops := afterSub(c, 1); len(ops) > 0 && !ops[0].dyn && ops[0].val == "base" {
				c.raise(destroy("alembic-downgrade-base", "rolls back every migration, dropping the tables they made"))
			}
		}},
	}},
	{names: "atlas", rule: r("atlas", High, "migrates a database"), subs: []sub{
		s("schema clean", destroy("atlas-schema-clean", "drops every object of the schema")),
	}},
	{names: "nats", rule: r("nats", High, "talks to a NATS server"), subs: []sub{
		s("stream purge", destroy("nats-stream-purge", "purges every message of a stream")),
		s("str purge", destroy("nats-stream-purge", "purges every message of a stream")),
		s("stream rm", destroy("nats-stream-rm", "deletes a stream and its messages")),
		s("stream delete", destroy("nats-stream-rm", "deletes a stream and its messages")),
		s("str rm", destroy("nats-stream-rm", "deletes a stream and its messages")),
		s("kv rm", destroy("nats-kv-rm", "deletes a key-value bucket and its values")),
		s("object rm", destroy("nats-object-rm", "deletes an object store and its objects")),
	}},
}

// databaseInfraTools returns the databases rows that are built by functions (the
// helpers in tool_sharedrules.go); they are built on the first lookup of one of
// their programs (databaseInfraTable).
func databaseInfraTools() []tool {
	return []tool{
		// Databases.
		infraDB("psql pgcli", "psql", "runs SQL against a PostgreSQL database", "-c --command", "", 0),
		infraDB("mysql mariadb mycli", "mysql", "runs SQL against a MySQL database", "-e --execute", "", 0),
		infraDB("sqlite3 sqlite litecli", "sqlite3", "runs SQL on an SQLite database file", "-cmd",
			"-init -separator -newline -nullvalue -A -archive -vfs -pagecache -lookaside -maxsize -mmap -heap", 2),
		infraDB("duckdb", "duckdb", "runs SQL on a DuckDB database", "-c -s -cmd", "-init -separator -newline -nullvalue", 2),
		infraDB("mongosh mongo", "mongosh", "runs commands against a MongoDB database", "--eval", "", 0),
		infraDB("cockroach", "cockroach", "manages or queries a CockroachDB cluster", "-e --execute", "", 0),
		infraDB("clickhouse-client clickhouse", "clickhouse", "runs SQL against a ClickHouse database", "-q --query", "", 0),
		infraDB("sqlcmd", "sqlcmd", "runs SQL against a Microsoft SQL Server database", "-Q -q", "", 0),
		infraDB("redis-cli valkey-cli keydb-cli", "redis-cli", "sends commands to a Redis server", "",
			"-h -p -s -a -u -r -i -n -d -D --user --pass --cacert --cacertdir --cert --key --sni --tls-ciphers --tls-ciphersuites --pattern --quoted-pattern --count --rdb --functions-rdb --eval --memkeys-samples --intrinsic-latency --lru-test --cluster", 1),
		infraDB("cqlsh", "cqlsh", "runs CQL against a Cassandra database", "-e --execute", "", 0),
		{
			names:     "influx",
			rule:      r("influx", High, "reads or changes data in an InfluxDB server"),
			valueOpts: "--host -t --token -o --org --org-id --configs-path -c --active-config",
			subs: infraJoin(
				infraEach("delete, bucket delete, org delete, v1 dbrp delete, remote delete, replication delete",
					destroy("influx-delete", "deletes InfluxDB data: points, a bucket or an organization with its buckets")),
				infraEach("bucket list, bucket ls, org list, org ls, ping, version, config list",
					r("influx-list", Medium, "lists what an InfluxDB server holds")),
			),
			check: infraDBCheck("influx", "-execute", "", 0),
		},
		{
			names:     "etcdctl",
			rule:      r("etcdctl", High, "reads or changes keys in an etcd cluster"),
			valueOpts: "--endpoints --cacert --cert --key --user --password -w --write-out --command-timeout --dial-timeout",
			subs: []sub{
				s("del", r("etcdctl-del", High, "deletes a key from etcd"),
					f("--prefix --from-key", destroy("etcdctl-del-prefix", "deletes every etcd key under a prefix or after a key"))),
				s("compaction", destroy("etcdctl-compact", "deletes the history of every key before a revision")),
				s("compact", destroy("etcdctl-compact", "deletes the history of every key before a revision")),
				s("snapshot restore", danger("etcdctl-snapshot-restore", "replaces a member's data with a snapshot")),
				s("member list", r("etcdctl-list", Medium, "reads the state of an etcd cluster")),
				s("endpoint health", r("etcdctl-list", Medium, "reads the state of an etcd cluster")),
				s("endpoint status", r("etcdctl-list", Medium, "reads the state of an etcd cluster")),
			},
		},
		{
			names: "consul",
			rule:  r("consul", High, "reads or changes a Consul cluster"),
			subs: []sub{
				s("kv delete", r("consul-kv-delete", High, "deletes a key from Consul"),
					f("-recurse --recurse", destroy("consul-kv-delete-recurse", "deletes every Consul key under a prefix"))),
				s("snapshot restore", danger("consul-snapshot-restore", "replaces the cluster's state with a snapshot")),
				s("kv get", r("consul-read", Medium, "reads from a Consul cluster")),
				s("members", r("consul-read", Medium, "reads from a Consul cluster")),
				s("catalog services", r("consul-read", Medium, "reads from a Consul cluster")),
				s("catalog nodes", r("consul-read", Medium, "reads from a Consul cluster")),
			},
		},
		{
			names: "rabbitmqctl",
			rule:  r("rabbitmqctl", High, "administers a RabbitMQ node"),
			// the options that take a value may come before the verb
			// (rabbitmqctl -p / purge_queue jobs): rabbitmqctl(8), 3.12
			valueOpts: "-n --node -p --vhost -t --timeout --erlang-cookie --formatter",
			subs: infraJoin(
				infraEach("delete_vhost, purge_queue, delete_queue, reset, force_reset, delete_user, clear_permissions, delete_shovel, clear_policy, forget_cluster_node",
					destroy("rabbitmqctl-delete", "deletes RabbitMQ queues, messages, virtual hosts or users, or wipes the node")),
				infraEach("list_queues, list_exchanges, list_bindings, list_vhosts, list_users, list_connections, list_channels, list_consumers, list_permissions, list_policies, status, cluster_status, ping, version",
					r("rabbitmqctl-list", Medium, "lists what a RabbitMQ node holds")),
			),
		},
		{
			names: "rabbitmqadmin",
			rule:  r("rabbitmqadmin", High, "administers a RabbitMQ server over its HTTP API"),
			// rabbitmqadmin --help (management plugin 3.12)
			valueOpts: "-c --config -N --node -H --host -P --port -U --base-uri -u --username -p --password " +
				"-V --vhost -f --format -d --depth --ssl-key-file --ssl-cert-file --ssl-ca-cert-file",
			subs: infraJoin(
				infraEach("delete, purge, close",
					destroy("rabbitmqadmin-delete", "deletes RabbitMQ queues, exchanges or messages")),
				infraEach("list, show", r("rabbitmqctl-list", Medium, "lists what a RabbitMQ node holds")),
			),
		},
		{names: "dropdb", rule: destroy("dropdb", "deletes a PostgreSQL database and all its data")},
		{names: "dropuser", rule: destroy("dropuser", "deletes a PostgreSQL role")},
		{
			names: "pg_restore",
			rule:  r("pg-restore", High, "restores a PostgreSQL dump into a database"),
			check: infraOpt("-c --clean", destroy("pg-restore-clean", "drops database objects before recreating them from the dump")),
		},
		{
			names:     "mysqladmin",
			rule:      r("mysqladmin", High, "administers a MySQL server"),
			valueOpts: "-u --user -h --host -P --port -S --socket",
			subs: []sub{
				s("drop", destroy("mysqladmin-drop", "deletes a MySQL database and all its data")),
				s("shutdown", r("mysqladmin-shutdown", High, "stops the MySQL server")),
			},
		},
		{
			names: "kafka-topics kafka-topics.sh",
			rule:  r("kafka-topics", High, "manages topics on a Kafka cluster"),
			check: infraOpt("--delete", destroy("kafka-topics-delete", "deletes Kafka topics and every message in them")),
		},
	}
}

// infraDB is a database client: it runs queries given in the options
// sqlOpts, in positional arguments from the pos-th on (1-based; 0 for
// none; wordOpts are the options that take a value, so positions can be
// counted), or on standard input. Queries that drop, empty or delete
// every row are dangerous.
func infraDB(names, p, why, sqlOpts, wordOpts string, pos int) tool {
	return tool{names: names, rule: r(p, High, why), check: infraDBCheck(p, sqlOpts, wordOpts, pos)}
}
