package classify

import "strings"

// infraTools returns the knowledge about programs that reach beyond the
// workspace: container engines, clusters, infrastructure as code, cloud and
// hosting CLIs, databases, services, firewalls, disks, accounts, system
// package managers and remote access. Most talk to a remote system or to a
// daemon with root-equivalent power, so their default is high; the rows
// below lower what is local and read-only and mark what destroys.
func infraTools() []tool {
	return []tool{
		// Containers.
		infraContainer("docker"),
		infraContainer("podman"),
		infraContainer("nerdctl"),
		infraCompose("docker-compose", "docker-compose"),
		infraCompose("podman-compose", "podman-compose"),

		// Clusters.
		infraKube("kubectl"),
		infraKube("oc"),
		{
			names:     "helm",
			rule:      r("helm", High, "changes or reads releases in a Kubernetes cluster"),
			valueOpts: "-n --namespace --kube-context --kubeconfig --kube-apiserver --kube-token --kube-as-user --kube-as-group --kube-ca-file --registry-config --repository-config --repository-cache --burst-limit --qps",
			subs: infraJoin(
				infraEach("uninstall, delete, del, un", danger("helm-uninstall", "removes a release and every Kubernetes resource it created")),
				[]sub{
					s("template", r("helm-template", Medium, "renders a chart's manifests locally")),
					s("lint", r("helm-lint", Medium, "checks a chart for problems")),
					s("package", r("helm-package", Medium, "packages a chart into an archive")),
					s("create", r("helm-create", Low, "creates a new chart directory")),
					s("env", r("helm-env", Minimal, "prints helm's settings")),
					s("version", r("helm-version", Minimal, "prints helm's version")),
					// a chart named by repository is fetched: a read of a remote service
					s("show", r("helm-show", Medium, "prints a chart's values, metadata or readme, fetching it when it is not local")),
					s("dependency update", r("helm-dependency", Medium, "downloads the chart's dependencies into its charts directory")),
					s("dependency build", r("helm-dependency", Medium, "downloads the chart's dependencies into its charts directory")),
					s("dependency list", r("helm-dependency-list", Minimal, "lists the chart's dependencies")),
					s("completion", r("helm-completion", Minimal, "prints a shell completion script")),
					s("repo list", r("helm-repo-list", Minimal, "lists the configured chart repositories")),
					s("plugin list", r("helm-plugin-list", Minimal, "lists the installed helm plugins")),
				},
			),
		},
		{
			names:     "helmfile",
			rule:      r("helmfile", High, "syncs Helm releases to a Kubernetes cluster"),
			valueOpts: "-f --file -e --environment -n --namespace --kube-context -l --selector --state-values-file --state-values-set",
			subs: infraJoin(
				infraEach("destroy, delete", danger("helmfile-destroy", "uninstalls every release in the helmfile and deletes their resources")),
				[]sub{
					s("template", r("helmfile-template", Medium, "renders the releases' manifests locally")),
					s("lint", r("helmfile-lint", Medium, "checks the releases' charts for problems")),
				},
			),
		},
		{
			names: "eksctl",
			rule:  r("eksctl", High, "manages Amazon EKS clusters"),
			subs:  []sub{s("delete cluster", danger("eksctl-delete-cluster", "deletes an EKS cluster with its node groups and workloads"))},
		},
		{
			names:     "velero",
			rule:      r("velero", High, "manages Kubernetes backups"),
			valueOpts: "-n --namespace --kubecontext --kubeconfig",
			subs: infraEach("backup delete, delete backup, backup-location delete",
				danger("velero-backup-delete", "deletes cluster backups")),
		},

		// Infrastructure as code.
		infraIaC("terraform"),
		infraIaC("tofu"),
		infraIaC("terragrunt"),
		{
			names:     "pulumi",
			rule:      r("pulumi", High, "reads or changes real infrastructure through cloud provider APIs and the stack's state"),
			valueOpts: "-s --stack -C --cwd -v --verbose --color --tracing",
			subs: infraJoin(
				infraEach("destroy, down", danger("pulumi-destroy", "destroys every resource in the stack")),
				[]sub{
					s("stack rm", danger("pulumi-stack-rm", "deletes a stack with its configuration and state history")),
					s("state delete", danger("pulumi-state-delete", "removes resources from the stack's state, so Pulumi stops managing them")),
				},
			),
		},
		{
			names: "cdk",
			rule:  r("cdk", High, "synthesizes and deploys AWS CloudFormation stacks"),
			subs:  []sub{s("destroy", danger("cdk-destroy", "deletes the app's CloudFormation stacks and their resources"))},
		},
		{
			names: "sam",
			rule:  r("sam", High, "builds and deploys AWS serverless applications"),
			subs:  []sub{s("delete", danger("sam-delete", "deletes a deployed CloudFormation stack and its resources"))},
		},
		{
			names: "serverless sls",
			rule:  r("serverless", High, "deploys serverless applications to a cloud account"),
			subs:  []sub{s("remove", danger("serverless-remove", "deletes a deployed service and its cloud resources"))},
		},

		// Cloud CLIs.
		{
			names:     "aws",
			rule:      r("aws", High, "talks to Amazon Web Services with the account's credentials"),
			valueOpts: "--profile --region --output --endpoint-url --query --color --ca-bundle --cli-read-timeout --cli-connect-timeout --cli-binary-format",
			subs: []sub{
				s("s3 rm", r("aws-s3-rm", High, "deletes objects from S3"),
					f("--recursive", danger("aws-s3-rm-recursive", "deletes every object under an S3 prefix"))),
				s("s3 rb", danger("aws-s3-rb", "deletes an S3 bucket"),
					f("--force", danger("aws-s3-rb-force", "deletes an S3 bucket and every object in it"))),
				s("s3 sync", r("aws-s3-sync", High, "copies files to or from S3"),
					f("--delete", danger("aws-s3-sync-delete", "deletes files in the destination that are missing from the source"))),
				s("s3api delete-bucket", danger("aws-s3-rb", "deletes an S3 bucket")),
				s("s3api delete-objects", danger("aws-s3api-delete-objects", "deletes many S3 objects at once")),
				s("ec2 terminate-instances", danger("aws-ec2-terminate-instances", "terminates EC2 instances, deleting their local data and, by default, their root volumes")),
				s("ec2 delete-volume", danger("aws-ec2-delete-volume", "deletes EBS volumes and their data")),
				s("ec2 delete-snapshot", danger("aws-ec2-delete-snapshot", "deletes EBS snapshots, which are backups")),
				s("rds delete-db-instance", danger("aws-rds-delete-db-instance", "deletes a database instance and its data")),
				s("rds delete-db-cluster", danger("aws-rds-delete-db-cluster", "deletes a database cluster and its data")),
				s("rds delete-db-snapshot", danger("aws-rds-delete-snapshot", "deletes database snapshots, which are backups")),
				s("rds delete-db-cluster-snapshot", danger("aws-rds-delete-snapshot", "deletes database snapshots, which are backups")),
				s("dynamodb delete-table", danger("aws-dynamodb-delete-table", "deletes a DynamoDB table and every item in it")),
				s("dynamodb delete-backup", danger("aws-dynamodb-delete-backup", "deletes a DynamoDB backup")),
				s("cloudformation delete-stack", danger("aws-cloudformation-delete-stack", "deletes a CloudFormation stack and every resource it created")),
				s("lambda delete-function", danger("aws-lambda-delete-function", "deletes a Lambda function and all its versions")),
				s("ecr delete-repository", danger("aws-ecr-delete-repository", "deletes a container image repository")),
				s("ecr batch-delete-image", danger("aws-ecr-delete-image", "deletes images from a container registry")),
				s("logs delete-log-group", danger("aws-logs-delete-log-group", "deletes a log group and every log in it")),
				s("route53 delete-hosted-zone", danger("aws-route53-delete-hosted-zone", "deletes a DNS zone")),
				s("kms schedule-key-deletion", danger("aws-kms-schedule-key-deletion", "schedules a KMS key for deletion, after which data encrypted with it cannot be decrypted")),
				s("secretsmanager delete-secret", danger("aws-secretsmanager-delete-secret", "deletes a secret")),
				s("eks delete-cluster", danger("aws-eks-delete-cluster", "deletes an EKS cluster and its workloads")),
				s("efs delete-file-system", danger("aws-efs-delete-file-system", "deletes an EFS file system and its files")),
				s("elasticache delete-cache-cluster", danger("aws-elasticache-delete", "deletes a cache cluster and its data")),
				s("elasticache delete-replication-group", danger("aws-elasticache-delete", "deletes a cache cluster and its data")),
				s("redshift delete-cluster", danger("aws-redshift-delete-cluster", "deletes a data warehouse cluster and its data")),
				s("backup delete-recovery-point", danger("aws-backup-delete-recovery-point", "deletes a backup")),
				s("organizations close-account", danger("aws-organizations-close-account", "closes an AWS account")),
				s("sqs purge-queue", danger("aws-sqs-purge-queue", "deletes every message in a queue")),
				s("ssm delete-parameter", danger("aws-ssm-delete-parameter", "deletes stored parameters, whose values cannot be recovered")),
				s("ssm delete-parameters", danger("aws-ssm-delete-parameter", "deletes stored parameters, whose values cannot be recovered")),
				s("opensearch delete-domain", danger("aws-opensearch-delete-domain", "deletes a search cluster and its indexes")),
				s("es delete-elasticsearch-domain", danger("aws-opensearch-delete-domain", "deletes a search cluster and its indexes")),
			},
			check: func(c *call) {
				ws := c.words("--profile --region --output --endpoint-url --query --color --ca-bundle --cli-read-timeout --cli-connect-timeout --cli-binary-format")
				if len(ws) < 2 || ws[0].dyn || ws[1].dyn {
					return
				}
				svc, op := ws[0].val, ws[1].val
				if svc == "iam" && strings.HasPrefix(op, "delete-") {
					c.raise(danger("aws-iam-delete", "deletes IAM users, roles, policies or keys, which can lock people and services out"))
					return
				}
				if c.out.Dangerous {
					return
				}
				for _, p := range []string{"delete-", "batch-delete-", "remove-", "terminate-", "deregister-", "purge-"} {
					if strings.HasPrefix(op, p) {
						c.raise(r("aws-delete", High, "calls an AWS operation that deletes or removes resources"))
						return
					}
				}
			},
		},
		{
			names:     "gcloud",
			rule:      r("gcloud", High, "talks to Google Cloud with the account's credentials"),
			valueOpts: "--project --account --configuration --format --filter --flatten --verbosity --impersonate-service-account --billing-project --trace-token --limit --page-size --sort-by --zone --region",
			subs: gcloudTracks(
				s("projects delete", danger("gcloud-projects-delete", "deletes a Google Cloud project and everything in it")),
				s("compute instances delete", danger("gcloud-compute-instances-delete", "deletes virtual machines and, by default, their boot disks")),
				s("compute disks delete", danger("gcloud-compute-disks-delete", "deletes persistent disks and their data")),
				s("compute snapshots delete", danger("gcloud-compute-snapshots-delete", "deletes disk snapshots, which are backups")),
				s("sql instances delete", danger("gcloud-sql-instances-delete", "deletes a Cloud SQL instance with its databases and backups")),
				s("sql databases delete", danger("gcloud-sql-databases-delete", "deletes a database from a Cloud SQL instance")),
				s("storage buckets delete", danger("gcloud-storage-buckets-delete", "deletes Cloud Storage buckets")),
				s("storage rm", r("gcloud-storage-rm", High, "deletes Cloud Storage objects"),
					f("-r -R --recursive", danger("gcloud-storage-rm-recursive", "deletes every object under a Cloud Storage path"))),
				s("container clusters delete", danger("gcloud-container-clusters-delete", "deletes a GKE cluster and its workloads")),
				s("container images delete", danger("gcloud-container-images-delete", "deletes container images from the registry")),
				s("artifacts repositories delete", danger("gcloud-artifacts-repositories-delete", "deletes an Artifact Registry repository and every package in it")),
				s("artifacts docker images delete", danger("gcloud-container-images-delete", "deletes container images from the registry")),
				s("functions delete", danger("gcloud-functions-delete", "deletes a Cloud Function")),
				s("run services delete", danger("gcloud-run-services-delete", "deletes a Cloud Run service and its revisions")),
				s("spanner instances delete", danger("gcloud-spanner-delete", "deletes a Spanner instance or database and its data")),
				s("spanner databases delete", danger("gcloud-spanner-delete", "deletes a Spanner instance or database and its data")),
				s("bigtable instances delete", danger("gcloud-bigtable-instances-delete", "deletes a Bigtable instance and its tables")),
				s("firestore databases delete", danger("gcloud-firestore-databases-delete", "deletes a Firestore database and its documents")),
				s("redis instances delete", danger("gcloud-redis-instances-delete", "deletes a Memorystore instance and its data")),
				s("filestore instances delete", danger("gcloud-filestore-instances-delete", "deletes a Filestore instance and its files")),
				s("secrets delete", danger("gcloud-secrets-delete", "deletes a secret with all its versions")),
				s("kms keys versions destroy", danger("gcloud-kms-destroy", "destroys a key version, after which data encrypted with it cannot be decrypted")),
				s("apigee organizations delete", danger("gcloud-apigee-organizations-delete", "deletes an Apigee organization with all its APIs and environments")),
				s("iam service-accounts delete", danger("gcloud-iam-service-accounts-delete", "deletes a service account, which can lock services out")),
				s("config list", r("gcloud-config-read", Minimal, "shows the local gcloud configuration")),
				s("config get", r("gcloud-config-read", Minimal, "shows the local gcloud configuration")),
				s("config get-value", r("gcloud-config-read", Minimal, "shows the local gcloud configuration")),
				s("config configurations list", r("gcloud-config-read", Minimal, "shows the local gcloud configuration")),
				s("auth list", r("gcloud-auth-list", Minimal, "lists the accounts gcloud has credentials for")),
			),
			check: cloudDeleteWord("--project --account --configuration --format --filter --flatten --verbosity --impersonate-service-account --billing-project --trace-token --limit --page-size --sort-by --zone --region",
				r("gcloud-delete", High, "deletes Google Cloud resources")),
		},
		{
			names:     "gsutil",
			rule:      r("gsutil", High, "talks to Google Cloud Storage with the account's credentials"),
			valueOpts: "-o -h -u",
			subs: []sub{
				{words: "rm", rule: r("gsutil-rm", High, "deletes Cloud Storage objects"),
					flags: []flagRule{f("-r -R", danger("gsutil-rm-recursive", "deletes every object under a Cloud Storage path"))},
					check: func(c *call) {
						for _, a := range c.words("-o -h -u") {
							if !a.dyn && strings.Contains(a.val, "*") {
								c.raise(danger("gsutil-rm-wildcard", "deletes every object matching a wildcard"))
								return
							}
						}
					}},
				s("rb", danger("gsutil-rb", "deletes Cloud Storage buckets")),
				s("rsync", r("gsutil-rsync", High, "copies files to or from Cloud Storage"),
					f("-d", danger("gsutil-rsync-delete", "deletes files in the destination that are missing from the source"))),
			},
		},
		{
			names: "bq",
			rule:  r("bq", High, "talks to BigQuery with the account's credentials"),
			subs:  []sub{s("rm", danger("bq-rm", "deletes BigQuery tables or datasets and their data"))},
			check: infraDBCheck("bq", "", "", 0),
		},
		{
			names:     "az",
			rule:      r("az", High, "talks to Microsoft Azure with the account's credentials"),
			valueOpts: "--subscription -o --output --query",
			subs: []sub{
				s("group delete", danger("az-group-delete", "deletes a resource group and every resource in it")),
				s("vm delete", danger("az-vm-delete", "deletes virtual machines")),
				s("disk delete", danger("az-disk-delete", "deletes managed disks and their data")),
				s("storage account delete", danger("az-storage-account-delete", "deletes a storage account and all its data")),
				s("storage container delete", danger("az-storage-container-delete", "deletes a blob container and every blob in it")),
				s("storage share delete", danger("az-storage-share-delete", "deletes a file share and every file in it")),
				s("storage blob delete-batch", danger("az-storage-blob-delete-batch", "deletes every blob matching a pattern")),
				s("storage blob delete", r("az-storage-blob-delete", High, "deletes a blob")),
				s("sql db delete", danger("az-sql-delete", "deletes an Azure SQL database or server and its data")),
				s("sql server delete", danger("az-sql-delete", "deletes an Azure SQL database or server and its data")),
				s("postgres flexible-server delete", danger("az-postgres-delete", "deletes a PostgreSQL server and its databases")),
				s("mysql flexible-server delete", danger("az-mysql-delete", "deletes a MySQL server and its databases")),
				s("cosmosdb delete", danger("az-cosmosdb-delete", "deletes a Cosmos DB account and its data")),
				s("aks delete", danger("az-aks-delete", "deletes an AKS cluster and its workloads")),
				s("keyvault purge", danger("az-keyvault-purge", "permanently deletes a key vault that was already deleted")),
				s("keyvault secret purge", danger("az-keyvault-purge", "permanently deletes a secret that was already deleted")),
				s("keyvault key purge", danger("az-keyvault-purge", "permanently deletes a key that was already deleted")),
				s("acr delete", danger("az-acr-delete", "deletes a container registry and every image in it")),
				s("acr repository delete", danger("az-acr-repository-delete", "deletes images from a container registry")),
				s("webapp delete", danger("az-webapp-delete", "deletes a web app")),
				s("functionapp delete", danger("az-functionapp-delete", "deletes a function app")),
				s("ad user delete", danger("az-ad-delete", "deletes directory users or applications, which can lock people and services out")),
				s("ad app delete", danger("az-ad-delete", "deletes directory users or applications, which can lock people and services out")),
				s("ad sp delete", danger("az-ad-delete", "deletes directory users or applications, which can lock people and services out")),
				s("account show", r("az-account-read", Minimal, "shows the locally selected Azure subscription")),
				s("account list", r("az-account-read", Minimal, "shows the locally selected Azure subscription")),
			},
			check: cloudDeleteWord("--subscription -o --output --query", r("az-delete", High, "deletes Azure resources")),
		},
		{
			names:     "doctl",
			rule:      r("doctl", High, "talks to DigitalOcean with the account's credentials"),
			valueOpts: "-t --access-token --context -o --output -c --config",
			subs: infraJoin(
				infraEach("compute droplet delete, compute droplet rm", danger("doctl-droplet-delete", "deletes droplets and their disks")),
				infraEach("compute volume delete, compute volume rm", danger("doctl-volume-delete", "deletes block storage volumes and their data")),
				infraEach("databases delete, databases rm", danger("doctl-databases-delete", "deletes a managed database cluster and its data")),
				infraEach("kubernetes cluster delete, kubernetes cluster rm", danger("doctl-kubernetes-delete", "deletes a Kubernetes cluster and its workloads")),
			),
		},

		// Code hosting and deploy platforms.
		{
			names:     "gh",
			rule:      r("gh", High, "talks to GitHub with the user's credentials"),
			valueOpts: "-R --repo --hostname",
			subs: []sub{
				s("repo delete", danger("gh-repo-delete", "deletes a GitHub repository with its issues, pull requests and wiki")),
				s("repo archive", r("gh-repo-archive", High, "archives a repository, making it read-only")),
				{words: "repo edit", rule: r("gh-repo-edit", High, "changes a repository's settings"),
					check: func(c *call) {
						if v, ok := c.optValue("--visibility"); ok && (v.dyn || strings.EqualFold(v.val, "public")) {
							c.raise(danger("gh-repo-make-public", "makes a repository public, exposing its code and history"))
						}
					}},
				s("release delete", danger("gh-release-delete", "deletes a release and its uploaded assets")),
				s("gist delete", danger("gh-gist-delete", "deletes a gist")),
				s("issue delete", danger("gh-issue-delete", "deletes an issue and its discussion for good")),
				s("secret delete", danger("gh-secret-delete", "deletes a secret, whose value cannot be recovered")),
				s("secret remove", danger("gh-secret-delete", "deletes a secret, whose value cannot be recovered")),
				s("codespace delete", danger("gh-codespace-delete", "deletes codespaces, with any work not pushed from them")),
				s("variable delete", r("gh-variable-delete", High, "deletes a CI/CD variable")),
				s("auth token", r("gh-auth-token", High, "prints the GitHub access token, a secret")),
				{words: "api", rule: r("gh-api", High, "sends a request to the GitHub API"),
					check: apiMethodCheck(danger("gh-api-delete", "sends a DELETE request to the GitHub API"),
						r("gh-api-dynamic-method", High, "sends a GitHub API request whose method is only known at run time"))},
			},
		},
		{
			names:     "glab",
			rule:      r("glab", High, "talks to GitLab with the user's credentials"),
			valueOpts: "-R --repo",
			subs: []sub{
				s("repo delete", danger("glab-repo-delete", "deletes a GitLab project with its issues, merge requests and wiki")),
				s("repo archive", r("glab-repo-archive", High, "archives a project, making it read-only")),
				s("release delete", danger("glab-release-delete", "deletes a release and its assets")),
				s("issue delete", danger("glab-issue-delete", "deletes an issue and its discussion for good")),
				s("variable delete", danger("glab-variable-delete", "deletes a CI/CD variable, whose value cannot be recovered")),
				{words: "api", rule: r("glab-api", High, "sends a request to the GitLab API"),
					check: apiMethodCheck(danger("glab-api-delete", "sends a DELETE request to the GitLab API"),
						r("glab-api-dynamic-method", High, "sends a GitLab API request whose method is only known at run time"))},
			},
		},
		{
			names:     "vercel",
			rule:      r("vercel", High, "deploys to or changes a Vercel account"),
			valueOpts: "-t --token -S --scope --cwd -A --local-config -Q --global-config",
			subs: infraJoin(
				infraEach("remove, rm", danger("vercel-remove", "deletes deployments or whole projects from Vercel")),
				infraEach("project rm, project remove, projects rm, projects remove",
					danger("vercel-project-remove", "deletes a Vercel project with all its deployments and domains")),
			),
		},
		{
			names:     "netlify",
			rule:      r("netlify", High, "deploys to or changes a Netlify account"),
			valueOpts: "--auth --filter",
			subs:      []sub{s("sites:delete", danger("netlify-sites-delete", "deletes a Netlify site and all its deploys"))},
		},
		{
			names:     "fly flyctl",
			rule:      r("fly", High, "deploys to or changes a Fly.io account"),
			valueOpts: "-a --app -c --config -t --access-token",
			subs: infraJoin(
				infraEach("apps destroy, apps delete, apps remove, destroy",
					danger("fly-apps-destroy", "deletes a Fly app with its machines, volumes and IP addresses")),
				infraEach("volumes destroy, volumes delete, volumes rm, volume destroy, volume delete, vol destroy",
					danger("fly-volumes-destroy", "deletes a Fly volume and its data")),
			),
		},
		{
			names:     "heroku",
			rule:      r("heroku", High, "deploys to or changes a Heroku account"),
			valueOpts: "-a --app -r --remote",
			subs: infraJoin(
				infraEach("apps:destroy, destroy", danger("heroku-apps-destroy", "deletes a Heroku app with its add-ons and config")),
				infraEach("addons:destroy, addons:remove", danger("heroku-addons-destroy", "deletes an add-on and the data it holds")),
				infraEach("pg:reset", danger("heroku-pg-reset", "deletes every table and row in a Heroku Postgres database")),
				infraEach("pg:backups:delete", danger("heroku-pg-backups-delete", "deletes a database backup")),
			),
		},
		{
			names:     "firebase",
			rule:      r("firebase", High, "deploys to or changes a Firebase project"),
			valueOpts: "-P --project --token",
			subs: []sub{
				s("database:remove", danger("firebase-database-remove", "deletes data from a Realtime Database path")),
				s("firestore:delete", danger("firebase-firestore-delete", "deletes Firestore documents or collections")),
				s("hosting:sites:delete", danger("firebase-hosting-sites-delete", "deletes a Firebase Hosting site")),
				s("functions:delete", danger("firebase-functions-delete", "deletes deployed Cloud Functions")),
			},
		},
		{
			names: "supabase",
			rule:  r("supabase", High, "manages Supabase projects and databases"),
			subs: []sub{
				s("db reset", r("supabase-db-reset", High, "resets the local database, deleting its data"),
					f("--linked --db-url", danger("supabase-db-reset-remote", "resets a remote database, deleting every table and row"))),
				s("projects delete", danger("supabase-projects-delete", "deletes a Supabase project and its database")),
			},
		},

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
					danger("influx-delete", "deletes InfluxDB data: points, a bucket or an organization with its buckets")),
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
					f("--prefix --from-key", danger("etcdctl-del-prefix", "deletes every etcd key under a prefix or after a key"))),
				s("compaction", danger("etcdctl-compact", "deletes the history of every key before a revision")),
				s("compact", danger("etcdctl-compact", "deletes the history of every key before a revision")),
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
					f("-recurse --recurse", danger("consul-kv-delete-recurse", "deletes every Consul key under a prefix"))),
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
			subs: infraJoin(
				infraEach("delete_vhost, purge_queue, delete_queue, reset, force_reset, delete_user, clear_permissions, delete_shovel, clear_policy, forget_cluster_node",
					danger("rabbitmqctl-delete", "deletes RabbitMQ queues, messages, virtual hosts or users, or wipes the node")),
				infraEach("list_queues, list_exchanges, list_bindings, list_vhosts, list_users, list_connections, list_channels, list_consumers, list_permissions, list_policies, status, cluster_status, ping, version",
					r("rabbitmqctl-list", Medium, "lists what a RabbitMQ node holds")),
			),
		},
		{
			names: "rabbitmqadmin",
			rule:  r("rabbitmqadmin", High, "administers a RabbitMQ server over its HTTP API"),
			subs: infraJoin(
				infraEach("delete, purge, close",
					danger("rabbitmqadmin-delete", "deletes RabbitMQ queues, exchanges or messages")),
				infraEach("list, show", r("rabbitmqctl-list", Medium, "lists what a RabbitMQ node holds")),
			),
		},
		{names: "dropdb", rule: danger("dropdb", "deletes a PostgreSQL database and all its data")},
		{names: "dropuser", rule: danger("dropuser", "deletes a PostgreSQL role")},
		{
			names: "pg_restore",
			rule:  r("pg-restore", High, "restores a PostgreSQL dump into a database"),
			check: infraOpt("-c --clean", danger("pg-restore-clean", "drops database objects before recreating them from the dump")),
		},
		{
			names:     "mysqladmin",
			rule:      r("mysqladmin", High, "administers a MySQL server"),
			valueOpts: "-u --user -h --host -P --port -S --socket",
			subs: []sub{
				s("drop", danger("mysqladmin-drop", "deletes a MySQL database and all its data")),
				s("shutdown", r("mysqladmin-shutdown", High, "stops the MySQL server")),
			},
		},
		{
			names: "kafka-topics kafka-topics.sh",
			rule:  r("kafka-topics", High, "manages topics on a Kafka cluster"),
			check: infraOpt("--delete", danger("kafka-topics-delete", "deletes Kafka topics and every message in them")),
		},

		// Backups and object storage.
		{
			names:     "restic",
			rule:      r("restic", High, "manages a backup repository"),
			valueOpts: "-r --repo --repository-file --password-file --password-command --cache-dir -o --option",
			subs: []sub{
				s("forget", danger("restic-forget", "deletes backup snapshots")),
				s("prune", danger("restic-prune", "deletes backup data that no snapshot references")),
			},
		},
		{
			names: "borg",
			rule:  r("borg", High, "manages a backup repository"),
			subs: []sub{
				s("delete", danger("borg-delete", "deletes backup archives or a whole repository")),
				s("repo-delete", danger("borg-delete", "deletes backup archives or a whole repository")),
				s("rdelete", danger("borg-delete", "deletes backup archives or a whole repository")),
				s("prune", danger("borg-prune", "deletes backup archives outside the retention rules")),
			},
		},
		{
			names:     "rclone",
			rule:      r("rclone", High, "copies files to or from cloud storage"),
			valueOpts: "--config",
			subs: []sub{
				s("purge", danger("rclone-purge", "deletes a path and everything in it")),
				s("delete", danger("rclone-delete", "deletes every file under a path")),
				{words: "sync", rule: r("rclone-sync-dry-run", High, "shows how it would make the destination match the source"),
					check: func(c *call) {
						if !c.hasOpt("--dry-run -n --interactive -i") {
							c.raise(danger("rclone-sync", "makes the destination match the source, deleting files missing from the source"))
						}
					}},
				s("deletefile", r("rclone-deletefile", High, "deletes a file from cloud storage")),
			},
		},
		{
			names: "mc",
			rule:  r("mc", High, "talks to S3-compatible object storage"),
			subs: []sub{
				s("rb", danger("mc-rb", "deletes buckets")),
				s("admin bucket delete", danger("mc-rb", "deletes buckets")),
				s("admin bucket remove", danger("mc-rb", "deletes buckets")),
				s("rm", r("mc-rm", High, "deletes objects"),
					f("-r --recursive", danger("mc-rm-recursive", "deletes every object under a path"))),
				s("mirror", r("mc-mirror", High, "copies objects between locations"),
					f("--remove", danger("mc-mirror-remove", "deletes objects in the destination that are missing from the source"))),
			},
		},

		{
			names: "s3cmd",
			rule:  r("s3cmd", High, "talks to S3-compatible object storage"),
			subs: infraJoin(
				infraEach("rb", danger("s3cmd-rb", "deletes buckets")),
				infraEach("del, rm", r("s3cmd-del", High, "deletes objects"),
					f("-r --recursive --force", danger("s3cmd-del-recursive", "deletes every object under a path"))),
				infraEach("sync", r("s3cmd-sync", High, "copies files to or from object storage"),
					f("--delete-removed --delete-after", danger("s3cmd-sync-delete", "deletes objects in the destination that are missing from the source"))),
				infraEach("ls, la, du, info", r("s3cmd-ls", Medium, "lists buckets or objects")),
			),
		},
		{
			names:     "hcloud",
			rule:      r("hcloud", High, "changes resources in a Hetzner Cloud project"),
			valueOpts: "--context --config -o --output",
			subs: infraJoin(
				infraEach("server delete, volume delete, floating-ip delete, primary-ip delete, network delete, load-balancer delete, image delete, firewall delete, certificate delete, ssh-key delete, placement-group delete, server rebuild",
					danger("hcloud-delete", "deletes a Hetzner Cloud resource and its data")),
				infraEach("server list, volume list, network list, image list, server describe, context list",
					r("hcloud-list", Medium, "lists resources of a Hetzner Cloud project")),
			),
		},
		{
			names: "linode-cli",
			rule:  r("linode-cli", High, "changes resources in a Linode account"),
			subs: infraJoin(
				infraEach("linodes delete, linodes rebuild, volumes delete, domains delete, nodebalancers delete, object-storage buckets-delete, images delete, lke cluster-delete, databases mysql-delete, databases postgresql-delete, firewalls delete",
					danger("linode-delete", "deletes a Linode resource and its data")),
				infraEach("linodes list, volumes list, domains list, regions list, linodes view",
					r("linode-list", Medium, "lists resources of a Linode account")),
			),
		},
		{
			names: "multipass",
			rule:  r("multipass", High, "manages Multipass virtual machines"),
			subs: infraJoin(
				infraEach("delete", r("multipass-delete", High, "deletes virtual machines into the recycle bin"),
					f("--purge -p", danger("multipass-purge", "deletes virtual machines and their disks for good"))),
				infraEach("purge", danger("multipass-purge", "deletes virtual machines and their disks for good")),
				infraEach("list, ls, info, version, find, networks", r("multipass-list", Minimal, "lists the local virtual machines")),
			),
		},
		{
			names:     "argocd",
			rule:      r("argocd", High, "changes applications in an Argo CD server"),
			valueOpts: "--server --auth-token --grpc-web-root-path --config --context",
			subs: infraJoin(
				infraEach("app delete, proj delete, cluster rm, repo rm, appset delete, app delete-resource",
					danger("argocd-delete", "deletes an Argo CD application or project, and by default the cluster resources it manages")),
				infraEach("app list, app get, proj list, cluster list, repo list, app diff, app history, version",
					r("argocd-list", Medium, "reads applications in an Argo CD server")),
			),
		},

		// Services and the machine's state.
		{
			names:     "systemctl",
			rule:      r("systemctl", High, "manages system services"),
			valueOpts: "-H --host -M --machine -t --type --state -p --property -o --output -n --lines --root -s --signal --kill-whom",
			subs: infraJoin(
				infraEach("status, show, cat, list-units, list-unit-files, list-sockets, list-timers, list-jobs, list-dependencies, list-machines, is-active, is-enabled, is-failed, is-system-running, show-environment, get-default",
					r("systemctl-status", Minimal, "shows the state of system services")),
				infraEach("poweroff, reboot, halt, kexec, soft-reboot",
					danger("systemctl-power", "shuts down or restarts the machine")),
				infraEach("isolate, rescue, emergency",
					danger("systemctl-isolate", "switches the machine to another target, stopping every service not in it")),
			),
		},
		{
			names: "service",
			rule:  r("service", High, "starts, stops or restarts system services"),
		},
		{
			names: "launchctl",
			rule:  r("launchctl", High, "manages macOS launch services"),
			subs: infraJoin(
				infraEach("list, print, print-disabled, blame", r("launchctl-list", Minimal, "shows the state of launch services")),
				infraEach("reboot", danger("launchctl-reboot", "restarts the machine or logs every user out")),
			),
		},
		{
			names: "journalctl",
			rule:  r("journalctl", Minimal, "reads the system journal"),
			check: infraOpt("--vacuum-size --vacuum-time --vacuum-files --rotate --flush --relinquish-var --setup-keys",
				r("journalctl-vacuum", High, "deletes or rotates the system journal")),
		},
		{
			names: "iptables ip6tables iptables-legacy ip6tables-legacy iptables-nft ip6tables-nft ebtables arptables",
			rule:  r("iptables", High, "changes the firewall rules"),
			check: infraOpt("-F --flush", danger("iptables-flush", "deletes every firewall rule in a chain or table")),
		},
		{
			names:     "nft",
			rule:      r("nft", High, "changes the firewall rules"),
			valueOpts: "-f --file -I --includepath",
			subs: []sub{
				s("flush ruleset", danger("nft-flush-ruleset", "deletes every firewall rule on the machine")),
				s("list", r("nft-list", Minimal, "lists firewall rules")),
			},
		},
		{
			names: "ufw",
			rule:  r("ufw", High, "changes the firewall rules"),
			subs: []sub{
				s("reset", danger("ufw-reset", "deletes every firewall rule and turns the firewall off")),
				s("disable", r("ufw-disable", High, "turns the firewall off")),
				s("status", r("ufw-status", Minimal, "shows the firewall rules")),
			},
		},
		{names: "firewall-cmd", rule: r("firewall-cmd", High, "changes the firewall rules")},
		{
			names: "mount",
			rule:  r("mount-list", Minimal, "lists mounted filesystems"),
			check: func(c *call) {
				for _, a := range c.args {
					if a.dyn || (a.val != "-l" && a.val != "--show-labels") {
						c.raise(r("mount", High, "mounts a filesystem, changing what the machine sees at that path"))
						return
					}
				}
			},
		},
		{
			names: "umount",
			rule:  r("umount", High, "unmounts a filesystem"),
			check: infraOpt("-a --all", danger("umount-all", "unmounts every filesystem")),
		},
		{names: "kill", rule: r("kill", High, "sends a signal to processes, which can stop them"), check: killCheck},
		{names: "pkill killall", rule: r("pkill", High, "stops every process matching a name or pattern"), check: pkillCheck},
		{names: "killall5", rule: danger("killall5", "sends a signal to every process on the machine")},
		{names: "chattr", rule: r("chattr", High, "changes file attributes such as immutable or append-only"), check: func(c *call) {
			if ps := positional(c.args); len(ps) > 1 {
				c.guardChanges(ps[1:], true)
			}
		}},

		// Accounts.
		{names: "useradd adduser", rule: r("useradd", High, "creates a user account")},
		{names: "usermod groupadd groupmod groupdel gpasswd chsh chfn", rule: r("usermod", High, "changes user or group accounts")},
		{names: "passwd chpasswd", rule: r("passwd", High, "changes account passwords")},
		{names: "userdel deluser", rule: danger("userdel", "deletes a user account, and with -r their home directory")},
		{names: "visudo", rule: r("visudo", High, "edits who may run commands as root")},

		// System package managers.
		{
			names:     "apt apt-get aptitude",
			rule:      r("apt", High, "installs, removes or upgrades system packages"),
			valueOpts: "-o --option -c --config-file -t --target-release",
			subs: infraJoin(
				infraEach("list, show, search, policy, depends, rdepends, showsrc, madison",
					r("apt-query", Minimal, "queries the local package lists")),
				infraEach("remove, purge, autoremove", r("apt-remove", High, "removes system packages")),
			),
		},
		{names: "apt-cache dpkg-query", rule: r("apt-cache", Minimal, "queries the local package lists")},
		{
			names: "dpkg",
			rule:  r("dpkg-query", Minimal, "queries installed packages"),
			check: func(c *call) {
				query := c.hasOpt("-l --list -L --listfiles -s --status -S --search -p --print-avail -c --contents -I --info -W --show --get-selections --print-architecture --print-foreign-architectures -C --audit -V --verify --compare-versions")
				if !query || c.hasOpt("-i --install -r --remove -P --purge --unpack --configure --triggers-only -x --extract -X --vextract -b --build --set-selections --clear-selections --clear-avail --update-avail --merge-avail --add-architecture --remove-architecture") {
					c.raise(r("dpkg", High, "installs, removes or changes system packages"))
				}
				dpkgForceRemove(c)
			},
		},
		{
			names: "rpm",
			rule:  r("rpm-query", Minimal, "queries installed packages"),
			check: func(c *call) {
				for _, a := range c.args {
					if a.dyn {
						break
					}
					if strings.HasPrefix(a.val, "-") {
						v := a.val
						if strings.HasPrefix(v, "--query") || strings.HasPrefix(v, "--verify") ||
							(len(v) > 1 && v[1] != '-' && (v[1] == 'q' || v[1] == 'V')) {
							return
						}
						break
					}
				}
				c.raise(r("rpm", High, "installs, removes or changes system packages"))
				rpmForceRemove(c)
			},
		},
		{
			names:     "yum dnf microdnf",
			rule:      r("dnf", High, "installs, removes or upgrades system packages"),
			valueOpts: "-c --config --setopt --releasever --installroot --enablerepo --disablerepo -x --exclude",
			subs: infraJoin(
				infraEach("list, info, search, provides, whatprovides, repolist, deplist, repoquery, history",
					r("dnf-query", Minimal, "queries the package lists")),
				infraEach("history undo, history redo, history rollback", r("dnf-history-undo", High, "undoes or repeats package transactions")),
			),
		},
		{
			names: "pacman",
			rule:  r("pacman-query", Minimal, "queries the package database"),
			check: func(c *call) {
				for _, a := range c.args {
					if a.dyn || !strings.HasPrefix(a.val, "-") {
						continue
					}
					v := a.val
					if strings.HasPrefix(v, "-Q") || v == "--query" || strings.HasPrefix(v, "-T") || v == "--deptest" {
						return
					}
					if strings.HasPrefix(v, "-S") && len(v) > 2 && strings.Trim(v[2:], "silgqv") == "" && strings.ContainsAny(v[2:], "silg") {
						return
					}
					break
				}
				c.raise(r("pacman", High, "installs, removes or upgrades system packages"))
				pacmanForceRemove(c)
			},
		},
		{
			names: "brew",
			rule:  r("brew", High, "installs, removes or upgrades Homebrew packages"),
			subs: infraEach("list, ls, info, leaves, deps, uses, config, doctor, outdated, shellenv, services list",
				r("brew-query", Minimal, "queries the installed Homebrew packages")),
		},
		{
			names: "snap",
			rule:  r("snap", High, "installs, removes or changes snap packages"),
			subs:  infraEach("list, connections, services, aliases", r("snap-query", Minimal, "queries the installed snap packages")),
		},
		{
			names: "flatpak",
			rule:  r("flatpak", High, "installs, removes or changes Flatpak applications"),
			subs:  infraEach("list, info", r("flatpak-query", Minimal, "queries the installed Flatpak applications")),
		},
		{
			names: "zypper",
			rule:  r("zypper", High, "installs, removes or upgrades system packages"),
			subs:  infraEach("search, se, info, if", r("zypper-query", Minimal, "queries the package lists")),
		},
		{
			names: "apk",
			rule:  r("apk", High, "installs, removes or upgrades system packages"),
			subs:  infraEach("info, list, search, policy", r("apk-query", Minimal, "queries the package lists")),
		},

		// Disks and storage.
		{names: "shred", rule: r("shred-usage", Minimal, "names no file, so it destroys nothing"),
			check: withOperands(danger("shred", "overwrites files or devices so their contents cannot be recovered"))},
		{names: "wipefs", rule: danger("wipefs", "erases filesystem signatures from a device, making its data unreachable")},
		{names: "sgdisk gdisk", rule: danger("gdisk", "changes disk partitions, which can destroy every file on the disk")},
		{names: "blkdiscard", rule: danger("blkdiscard", "discards every block on a device, erasing it")},
		{names: "lvremove vgremove pvremove", rule: danger("lvremove", "deletes LVM volumes and the data on them")},
		{names: "lvs vgs pvs lvdisplay vgdisplay pvdisplay lvscan vgscan pvscan", rule: r("lvm-list", Minimal, "lists LVM volumes")},
		{names: "mkntfs mkdosfs mkexfatfs mkfs_exfat mkreiserfs mkudffs mkjfs mformat newfs newfs_msdos newfs_apfs newfs_hfs", rule: r("mkfs-image", High, "formats a disk image file in the workspace"),
			check: func(c *call) { mkfsCommand(c) }},
		{names: "srm wipe", rule: r("secure-rm", Medium, "deletes files so their contents cannot be recovered"), check: secureRm},
		{names: "sfill sswap sdmem nwipe scrub", rule: r("shred-usage", Minimal, "names no file, so it destroys nothing"),
			check: withOperands(danger("secure-delete", "overwrites files, free space or devices so their contents cannot be recovered"))},
		{
			names: "nvme",
			rule:  r("nvme", High, "manages NVMe drives"),
			subs: infraJoin(
				infraEach("format, sanitize, format-nvm, write-zeroes, delete-ns, detach-ns, ns-delete, dsm",
					danger("nvme-format", "erases an NVMe drive or namespace, destroying every file on it")),
				infraEach("list, list-subsys, id-ctrl, id-ns, smart-log, error-log, fw-log, show-regs, get-feature, version, help",
					r("nvme-list", Minimal, "shows NVMe drives and their state")),
			),
		},
		{
			names: "btrfs",
			rule:  r("btrfs", High, "manages btrfs filesystems"),
			check: btrfsCheck,
			subs: infraEach("subvolume list, subvolume show, filesystem show, filesystem df, filesystem usage, device stats, qgroup show, scrub status, version",
				r("btrfs-list", Minimal, "shows btrfs filesystems and subvolumes")),
		},
		{
			names: "flashrom",
			rule:  r("flashrom", High, "reads or writes firmware chips"),
			check: infraOpt("-w --write -E --erase", danger("flashrom-write", "overwrites or erases a firmware chip, which can leave the machine unable to boot")),
		},
		{
			names: "hdparm",
			rule:  r("hdparm", High, "changes low-level disk settings"),
			check: infraOpt("--security-erase --security-erase-enhanced --trim-sector-ranges --write-sector --make-bad-sector --fwdownload",
				danger("hdparm-erase", "erases or overwrites data on a disk")),
		},
		{
			names: "cryptsetup",
			rule:  r("cryptsetup", High, "manages encrypted block devices"),
			subs: infraJoin(
				infraEach("luksFormat", danger("cryptsetup-format", "formats a device as encrypted, destroying what is on it")),
				infraEach("erase, luksErase", danger("cryptsetup-erase", "erases a device's encryption keys, making its data unreadable forever")),
			),
		},
		{
			names: "zfs",
			rule:  r("zfs", High, "changes ZFS datasets"),
			subs: []sub{
				s("destroy", danger("zfs-destroy", "destroys a ZFS dataset or snapshot and its data")),
				s("rollback", danger("zfs-rollback", "rolls a dataset back to a snapshot, deleting every change made since")),
				s("list", r("zfs-list", Minimal, "shows ZFS datasets")),
				s("get", r("zfs-list", Minimal, "shows ZFS datasets")),
			},
		},
		{
			names: "zpool",
			rule:  r("zpool", High, "changes ZFS storage pools"),
			subs: infraJoin(
				infraEach("destroy, labelclear", danger("zpool-destroy", "destroys a ZFS pool and every dataset in it")),
				infraEach("list, status, get, iostat", r("zpool-list", Minimal, "shows ZFS storage pools")),
			),
		},
		{
			names: "mdadm",
			rule:  r("mdadm", High, "manages software RAID arrays"),
			check: infraOpt("--zero-superblock", danger("mdadm-zero-superblock", "erases RAID metadata from a device")),
		},
		{
			names: "badblocks",
			rule:  r("badblocks", High, "tests a disk for bad blocks"),
			check: infraOpt("-w", danger("badblocks-write", "overwrites every block of a device while testing it")),
		},

		// Virtual machines.
		{
			names: "vagrant",
			rule:  r("vagrant", High, "manages virtual machines"),
			subs: []sub{
				s("destroy", danger("vagrant-destroy", "deletes a virtual machine and its disks")),
				s("status", r("vagrant-status", Minimal, "shows the state of the project's virtual machines")),
				s("global-status", r("vagrant-status", Minimal, "shows the state of the project's virtual machines")),
			},
		},
		{
			names: "virsh",
			rule:  r("virsh", High, "manages virtual machines"),
			subs: infraJoin(
				[]sub{s("undefine", r("virsh-undefine", High, "deletes a virtual machine's definition"),
					f("--remove-all-storage --wipe-storage --storage", danger("virsh-undefine-storage", "deletes a virtual machine together with its disks")))},
				infraEach("vol-delete, vol-wipe, pool-delete", danger("virsh-vol-delete", "deletes or wipes storage volumes")),
			),
		},

		// Remote access and the network.
		{
			names: "rsync",
			// a copy on this machine is judged by where it writes, like cp
			// (design §1); a host, a remote shell or a daemon is the network
			rule:  r("rsync", Low, "copies files"),
			check: rsyncCheck,
		},
		{names: "scp sftp", rule: r("scp", High, "copies files to or from another machine")},
		{names: "ssh mosh autossh", rule: r("ssh", High, "runs commands on another machine")},
		{names: "ssh-copy-id", rule: r("ssh-copy-id", High, "installs a public key on another machine, granting it access")},
		{names: "ssh-add ssh-agent", rule: r("ssh-add", High, "changes the keys the SSH agent holds")},
		{names: "ssh-keyscan", rule: r("ssh-keyscan", High, "fetches host keys over the network")},
		{names: "tftp lftp", rule: r("tftp", High, "transfers files to or from another machine")},
		{names: "nmap masscan", rule: r("nmap", High, "scans machines on the network")},
		{names: "ansible ansible-playbook ansible-pull ansible-console", rule: r("ansible", High, "runs tasks on remote machines")},
		{names: "ansible-galaxy", rule: r("ansible-galaxy", High, "downloads and installs Ansible roles and collections")},
	}
}

// infraJoin joins lists of subcommand rows.
func infraJoin(lists ...[]sub) []sub {
	var out []sub
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// infraEach gives every comma-separated subcommand path in paths the same
// rule.
func infraEach(paths string, ru rule, flags ...flagRule) []sub {
	var out []sub
	for _, p := range strings.Split(paths, ",") {
		out = append(out, s(strings.TrimSpace(p), ru, flags...))
	}
	return out
}

// infraOpt raises ru when any of opts is present.
func infraOpt(opts string, ru rule) func(c *call) {
	return func(c *call) {
		if c.hasOpt(opts) {
			c.raise(ru)
		}
	}
}

// infraContainer is a Docker-compatible container CLI named p.
func infraContainer(p string) tool {
	rmForce := f("-f --force", danger(p+"-rm-force", "force-deletes containers, killing running ones and losing their data"))
	rmVolumes := f("-v --volumes", danger(p+"-rm-volumes", "deletes containers together with their anonymous volumes"))
	rmiForce := f("-f --force", danger(p+"-rmi-force", "force-deletes images, even ones that containers use"))
	run := r(p+"-run", High, "starts a container")
	privileged := f("--privileged", r(p+"-run-privileged", High, "runs a privileged container with full access to the host"))
	return tool{
		names:     p,
		rule:      r(p+"-engine", High, "talks to the container engine, which has root-equivalent access to the machine"),
		valueOpts: "-H --host -c --context --config -l --log-level --tlscacert --tlscert --tlskey -f --file -p --project-name --project-directory --env-file --profile --ansi --parallel --builder",
		subs: infraJoin(
			[]sub{
				s("system prune", danger(p+"-system-prune", "deletes every stopped container, unused network and dangling image, and with -a every unused image")),
				s("system reset", danger(p+"-system-reset", "deletes every container, image, volume and network the engine holds")),
				s("volume prune", danger(p+"-volume-prune", "deletes every volume no container uses, with the data in it")),
				s("container prune", danger(p+"-container-prune", "deletes every stopped container and the data written in it")),
				s("network prune", danger(p+"-network-prune", "deletes every network no container uses")),
				s("image prune", r(p+"-image-prune", High, "deletes dangling images"),
					f("-a --all", danger(p+"-image-prune-all", "deletes every image no container uses"))),
				s("compose down", r(p+"-compose-down", High, "stops and removes a compose project's containers and networks"),
					f("-v --volumes", danger(p+"-compose-down-volumes", "removes a compose project together with its volumes and their data"))),
				s("compose rm", r(p+"-compose-rm", High, "removes a compose project's stopped containers"),
					f("-v --volumes", danger(p+"-compose-rm-volumes", "removes compose containers together with their anonymous volumes"))),
				s("swarm leave", r(p+"-swarm-leave", High, "takes this node out of the swarm"),
					f("-f --force", danger(p+"-swarm-leave-force", "forces this node out of the swarm, which on the last manager destroys the swarm"))),
				s("push", r(p+"-push", High, "publishes an image to a registry")),
				s("login", r(p+"-login", High, "stores registry credentials")),
			},
			infraEach("volume rm, volume remove", danger(p+"-volume-rm", "deletes volumes and the data in them")),
			infraEach("builder prune, buildx prune", danger(p+"-builder-prune", "deletes the build cache")),
			infraEach("rm, container rm, container remove", r(p+"-rm", High, "deletes containers"), rmForce, rmVolumes),
			infraEach("rmi, image rm, image remove", r(p+"-rmi", High, "deletes images"), rmiForce),
			infraEach("run, container run, create, container create", run, privileged),
		),
	}
}

// infraCompose is a standalone compose CLI named names, with rule ids
// prefixed by p.
func infraCompose(names, p string) tool {
	return tool{
		names:     names,
		rule:      r(p, High, "manages containers through the container engine, which has root-equivalent access to the machine"),
		valueOpts: "-f --file -p --project-name --project-directory --env-file --profile --ansi --parallel -H --host -c --context",
		subs: []sub{
			s("down", r(p+"-down", High, "stops and removes the project's containers and networks"),
				f("-v --volumes", danger(p+"-down-volumes", "removes the project together with its volumes and their data"))),
			s("rm", r(p+"-rm", High, "removes the project's stopped containers"),
				f("-v --volumes", danger(p+"-rm-volumes", "removes the project's containers together with their anonymous volumes"))),
		},
	}
}

// kubeValueOpts are the kubectl options that take a value.
const kubeValueOpts = "-n --namespace --context --cluster --kubeconfig -s --server --user --token --as --as-group --as-uid -l --selector -f --filename -o --output -c --container --field-selector --request-timeout --cache-dir --certificate-authority --client-certificate --client-key --tls-server-name -L --label-columns --sort-by --template -k --kustomize -p --patch --type --timeout --grace-period -v --v --profile --profile-output"

// kubeKinds are the resource kinds whose deletion destroys data or a
// whole part of a cluster, by every name kubectl accepts for them.
var kubeKinds = []struct{ kinds, id, why string }{
	{"namespace namespaces ns project projects", "delete-namespace", "deletes a namespace and every resource in it"},
	{"persistentvolume persistentvolumes pv", "delete-pv", "deletes persistent volumes, which can destroy the data on them"},
	{"persistentvolumeclaim persistentvolumeclaims pvc", "delete-pvc", "deletes persistent volume claims, which can release and destroy their volumes' data"},
	{"node nodes no", "delete-node", "removes nodes from the cluster"},
	{"customresourcedefinition customresourcedefinitions crd crds", "delete-crd", "deletes custom resource definitions and every resource of their kinds"},
}

// kubeKindIndex maps each name in kubeKinds to its row.
var kubeKindIndex = lazy[map[string]int]{build: func() map[string]int {
	m := map[string]int{}
	for i, k := range kubeKinds {
		for _, name := range strings.Fields(k.kinds) {
			m[name] = i
		}
	}
	return m
}}

// infraKube is a kubectl-compatible cluster CLI named p.
func infraKube(p string) tool {
	return tool{
		names:     p,
		rule:      r(p, High, "talks to a Kubernetes cluster"),
		valueOpts: kubeValueOpts,
		subs: infraJoin(
			[]sub{
				{words: "delete", rule: r(p+"-delete", High, "deletes cluster resources"),
					flags: []flagRule{
						f("--all", danger(p+"-delete-all", "deletes every resource of the given kinds in the namespace")),
						f("-A --all-namespaces", danger(p+"-delete-all-namespaces", "deletes resources in every namespace")),
					},
					check: kubeDeleteCheck(p)},
				s("drain", danger(p+"-drain", "evicts every pod from a node and takes it out of service")),
				s("replace", r(p+"-replace", High, "replaces cluster resources"),
					f("--force", danger(p+"-replace-force", "deletes and recreates resources, losing their state"))),
				s("apply", r(p+"-apply", High, "changes cluster resources"),
					f("--prune", danger(p+"-apply-prune", "deletes every resource missing from the applied manifests"))),
				s("config view", r(p+"-config-view", Minimal, "shows the kubeconfig with its credentials redacted"),
					f("--raw --flatten", r(p+"-config-view-raw", High, "prints the kubeconfig with its credentials"))),
				s("kustomize", r(p+"-kustomize", Medium, "renders manifests locally")),
				s("completion", r(p+"-completion", Minimal, "prints a shell completion script")),
			},
			infraEach("config current-context, config get-contexts, config get-clusters, config get-users",
				r(p+"-config-read", Minimal, "reads context names from the kubeconfig")),
		),
	}
}

// kubeDeleteCheck marks deleting namespaces, volumes, nodes and resource
// definitions as dangerous, in any of the forms kubectl accepts
// (ns, namespace/x, pods,ns).
func kubeDeleteCheck(p string) func(c *call) {
	return func(c *call) {
		ws := c.words(kubeValueOpts)
		if len(ws) < 2 {
			return
		}
		if ws[1].dyn {
			c.raise(danger(p+"-delete-dynamic", "deletes a kind of resource only known at run time, which could be a whole namespace"))
			return
		}
		for _, item := range strings.Split(ws[1].val, ",") {
			kind, _, _ := strings.Cut(item, "/")
			kind, _, _ = strings.Cut(strings.ToLower(kind), ".")
			if i, ok := kubeKindIndex.get()[kind]; ok {
				c.raise(danger(p+"-"+kubeKinds[i].id, kubeKinds[i].why))
			}
		}
	}
}

// infraIaC is a Terraform-compatible CLI named p.
func infraIaC(p string) tool {
	destroy := danger(p+"-destroy", "destroys the infrastructure this configuration manages")
	applyDestroy := danger(p+"-apply-destroy", "destroys the infrastructure this configuration manages")
	// Applying without review is not irreversible by itself, so it stays
	// high; the reason says what is skipped.
	autoApprove := r(p+"-apply-auto-approve", High, "applies infrastructure changes, including any deletions the plan holds, without showing them for approval")
	apply := sub{words: "apply", rule: r(p+"-apply", High, "changes real infrastructure to match the configuration"),
		flags: []flagRule{f("-destroy --destroy", applyDestroy), f("-auto-approve --auto-approve", autoApprove)},
		check: func(c *call) {
			if tfOptOn(c, "destroy") {
				c.raise(applyDestroy)
			}
			if tfOptOn(c, "auto-approve") {
				c.raise(autoApprove)
			}
		}}
	subs := []sub{
		s("destroy", destroy),
		apply,
		s("state rm", danger(p+"-state-rm", "removes resources from the state, so they are no longer managed and a later apply may recreate them")),
		s("state push", danger(p+"-state-push", "overwrites the remote state, which can lose track of every resource")),
		s("workspace delete", danger(p+"-workspace-delete", "deletes a workspace and its state, leaving its resources unmanaged")),
		s("force-unlock", r(p+"-force-unlock", High, "releases a state lock that another run may hold")),
		s("fmt", r(p+"-fmt", Medium, "rewrites configuration files into the canonical format")),
		s("validate", r(p+"-validate", Medium, "checks the configuration locally")),
		s("version", r(p+"-version", Minimal, "prints the version")),
		s("providers", r(p+"-providers", Minimal, "lists the providers the configuration requires")),
		// downloads providers and modules like a package manager; moving
		// state between backends changes what a later apply does
		s("init", r(p+"-init", Medium, "downloads the providers and modules the configuration needs"),
			f("-migrate-state --migrate-state -force-copy --force-copy", r(p+"-init-migrate", High, "copies the state to another backend"))),
	}
	valueOpts := ""
	if p == "terragrunt" {
		valueOpts = "--working-dir --terragrunt-working-dir --config --terragrunt-config"
		for _, pre := range []string{"run-all", "run"} {
			subs = append(subs,
				s(pre+" destroy", danger(p+"-run-all-destroy", "destroys the infrastructure of every module below this directory")))
			a := apply
			a.words = pre + " apply"
			subs = append(subs, a)
		}
		subs = append(subs,
			s("destroy-all", danger(p+"-run-all-destroy", "destroys the infrastructure of every module below this directory")),
			s("hclfmt", r(p+"-fmt", Medium, "rewrites configuration files into the canonical format")),
			s("hcl fmt", r(p+"-fmt", Medium, "rewrites configuration files into the canonical format")),
			s("hcl format", r(p+"-fmt", Medium, "rewrites configuration files into the canonical format")),
		)
	}
	return tool{
		names:     p,
		rule:      r(p, High, "reads or changes real infrastructure through cloud provider APIs and remote state"),
		valueOpts: valueOpts,
		subs:      subs,
	}
}

// tfOptOn reports whether the single-dash long option -name is set with a
// value that is not false ("-destroy=true"); the bare forms are flag rows.
func tfOptOn(c *call, name string) bool {
	for _, a := range c.args {
		if a.dyn {
			continue
		}
		for _, pre := range []string{"-" + name + "=", "--" + name + "="} {
			if v, ok := strings.CutPrefix(a.val, pre); ok && v != "false" && v != "0" {
				return true
			}
		}
	}
	return false
}

// gcloudTracks adds the alpha and beta forms of every row.
func gcloudTracks(rows ...sub) []sub {
	out := append([]sub(nil), rows...)
	for _, track := range []string{"alpha", "beta"} {
		for _, row := range rows {
			row.words = track + " " + row.words
			out = append(out, row)
		}
	}
	return out
}

// cloudDeleteWord adds ru when the command path holds a delete verb and no
// row already called it dangerous.
func cloudDeleteWord(valueOpts string, ru rule) func(c *call) {
	return func(c *call) {
		if c.out.Dangerous {
			return
		}
		ws := c.words(valueOpts)
		for i, a := range ws {
			if i >= 5 {
				break
			}
			if !a.dyn && (a.val == "delete" || a.val == "purge" || a.val == "destroy" || strings.HasPrefix(a.val, "delete-")) {
				c.raise(ru)
				return
			}
		}
	}
}

// apiMethodCheck raises del for an API call whose method (-X, --method) is
// DELETE, and dyn when the method is only known at run time.
func apiMethodCheck(del, dyn rule) func(c *call) {
	return func(c *call) {
		m, ok := c.optValue("-X --method")
		switch {
		case !ok:
		case m.dyn:
			c.raise(dyn)
		case strings.EqualFold(m.val, "DELETE"):
			c.raise(del)
		}
	}
}

// killCheck marks signalling every process (kill -9 -1) or init (kill 1)
// as dangerous.
func killCheck(c *call) {
	args := c.args
	if len(args) > 0 && !args[0].dyn {
		switch v := args[0].val; {
		case v == "-s" || v == "-n" || v == "--signal":
			args = args[min(2, len(args)):]
		case v == "-l" || v == "-L" || v == "--list" || v == "--table":
			return
		case v != "--" && strings.HasPrefix(v, "-") && len(v) > 1:
			args = args[1:] // the signal: -9, -KILL, -SIGTERM
		}
	}
	for _, a := range args {
		if a.dyn {
			continue
		}
		switch a.val {
		case "-1":
			c.raise(danger("kill-all", "sends a signal to every process the user may signal, which ends the whole session"))
			return
		case "1":
			c.raise(danger("kill-init", "sends a signal to the init process, which can shut down or restart the machine"))
			return
		}
	}
}

// Database clients.

// infraDB is a database client: it runs queries given in the options
// sqlOpts, in positional arguments from the pos-th on (1-based; 0 for
// none; wordOpts are the options that take a value, so positions can be
// counted), or on standard input. Queries that drop, empty or delete
// every row are dangerous.
func infraDB(names, p, why, sqlOpts, wordOpts string, pos int) tool {
	return tool{names: names, rule: r(p, High, why), check: infraDBCheck(p, sqlOpts, wordOpts, pos)}
}

// dbHarm are the destructive query kinds infraQueryHarm reports, with
// their reasons.
var dbHarm = lazy[map[string]string]{build: func() map[string]string {
	return map[string]string{
		"drop":        "drops a database, schema, collection or table with all its data",
		"drop-column": "drops a column or partition of a table with all the data in it",
		"truncate":    "empties a table with TRUNCATE",
		"delete-all":  "deletes every row of a table (DELETE without a WHERE clause)",
		"update-all":  "overwrites every row of a table (UPDATE without a WHERE clause)",
		"flush":       "deletes every key in a Redis database (FLUSHALL or FLUSHDB)",
	}
}}

func infraDBCheck(p, sqlOpts, wordOpts string, pos int) func(c *call) {
	return func(c *call) {
		seen := map[string]bool{}
		judge := func(text string) {
			for _, kind := range infraQueryHarm(text) {
				if !seen[kind] {
					seen[kind] = true
					c.raise(danger(p+"-"+kind, dbHarm.get()[kind]))
				}
			}
		}
		for _, a := range c.args {
			if !a.dyn {
				judge(a.val)
			}
		}
		dynamic := false
		if sqlOpts != "" {
			if v, ok := c.optValue(sqlOpts); ok && v.dyn {
				dynamic = true
			}
		}
		if pos > 0 {
			ws := c.words(sqlOpts + " " + wordOpts)
			for i := pos - 1; i < len(ws); i++ {
				if ws[i].dyn {
					dynamic = true
				}
			}
		}
		if dynamic {
			c.raise(r(p+"-dynamic-query", High, "runs a query only known at run time"))
		}
		switch c.stdin.kind {
		case flowText:
			judge(c.stdin.text)
		case flowDownload:
			c.raise(danger(p+"-downloaded-query", "runs queries downloaded from the network against a database"))
		}
	}
}

// infraQueryHarm returns the kinds of destruction (keys of dbHarm) that
// text asks a database for. It reads SQL, MongoDB shell code and Redis
// commands. It errs on the side of finding harm: words inside string
// literals and comments count too, except that a WHERE clause in a comment
// does not save a DELETE.
func infraQueryHarm(text string) []string {
	var out []string
	add := func(k string) {
		for _, o := range out {
			if o == k {
				return
			}
		}
		out = append(out, k)
	}
	for _, stmt := range strings.Split(text, ";") {
		toks := sqlTokens(stmt)
		for i, t := range toks {
			switch t.word {
			case "DROP":
				if i+1 < len(toks) {
					switch toks[i+1].word {
					case "DATABASE", "SCHEMA", "TABLE", "KEYSPACE", "COLLECTION", "MEASUREMENT", "SERIES", "SHARD", "RETENTION", "TABLESPACE":
						add("drop")
					case "INDEX", "KEY", "CONSTRAINT", "FOREIGN", "PRIMARY", "CHECK", "DEFAULT", "NOT", "TRIGGER", "VIEW",
						"FUNCTION", "PROCEDURE", "EXPRESSION", "IDENTITY", "USER", "ROLE", "SEQUENCE", "TYPE", "EXTENSION":
					default:
						// ALTER TABLE t DROP [COLUMN] c, DROP PARTITION p: the
						// column's or partition's data goes with it
						if len(toks) > 0 && toks[0].word == "ALTER" {
							add("drop-column")
						}
					}
				}
			case "TRUNCATE":
				if !t.call {
					add("truncate")
				}
			case "FLUSHALL", "FLUSHDB":
				add("flush")
			case "DELETE":
				if t.call || (i > 0 && toks[i-1].word == "ON") {
					continue
				}
				for j := i + 1; j < len(toks) && j <= i+3; j++ {
					if toks[j].word == "FROM" {
						if !hasRealWhere(stmt) {
							add("delete-all")
						}
						break
					}
				}
			}
		}
		if clean := sqlTokens(stripSQLComments(stmt)); len(clean) > 0 && clean[0].word == "UPDATE" {
			for _, t := range clean {
				if t.word == "SET" {
					if !hasRealWhere(stmt) {
						add("update-all")
					}
					break
				}
			}
		}
	}
	compact := strings.ToLower(strings.Join(strings.Fields(text), ""))
	if strings.Contains(compact, "dropdatabase(") || strings.Contains(compact, ".drop()") {
		add("drop")
	}
	if strings.Contains(compact, "deletemany({})") || strings.Contains(compact, ".remove({})") {
		add("delete-all")
	}
	return out
}

// hasRealWhere reports whether the statement, without comments, has a
// WHERE clause that is not trivially true (WHERE 1=1).
func hasRealWhere(stmt string) bool {
	clean := stripSQLComments(stmt)
	for _, t := range sqlTokens(clean) {
		if t.word != "WHERE" {
			continue
		}
		switch strings.ToLower(strings.Join(strings.Fields(clean[t.end:]), "")) {
		case "", "1", "1=1", "true", "'1'='1'":
			return false
		}
		return true
	}
	return false
}

type sqlToken struct {
	word string // upper case
	end  int    // byte offset just after the word
	call bool   // followed by "(": a function such as MySQL's TRUNCATE(x, 1)
}

func isSQLWordByte(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= 0x80
}

// sqlTokens splits text into upper-case words.
func sqlTokens(text string) []sqlToken {
	var out []sqlToken
	for i := 0; i < len(text); {
		if !isSQLWordByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isSQLWordByte(text[j]) {
			j++
		}
		k := j
		for k < len(text) && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r') {
			k++
		}
		out = append(out, sqlToken{word: strings.ToUpper(text[i:j]), end: j, call: k < len(text) && text[k] == '('})
		i = j
	}
	return out
}

// stripSQLComments removes -- and # line comments and /* */ block
// comments, leaving single-quoted strings as they are.
func stripSQLComments(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				b.WriteString(s[i:])
				return b.String()
			}
			b.WriteString(s[i : i+end+2])
			i += end + 1
		case strings.HasPrefix(s[i:], "--") || s[i] == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			b.WriteByte(' ')
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 3
			b.WriteByte(' ')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
