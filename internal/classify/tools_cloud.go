package classify

import (
	"strings"
)

// Infrastructure as code, cloud and hosting CLIs, backups and object
// storage, and remote configuration (Ansible).

// cloudInfraTools returns the cloud rows that are built by functions (the
// helpers in tool_sharedrules.go); they are built on the first lookup of one of
// their programs (cloudInfraTable).
func cloudInfraTools() []tool {
	return []tool{
		// Infrastructure as code.
		infraIaC("terraform"),
		infraIaC("tofu"),
		infraIaC("terragrunt"),
		{
			names:     "pulumi",
			rule:      r("pulumi", High, "reads or changes real infrastructure through cloud provider APIs and the stack's state"),
			valueOpts: "-s --stack -C --cwd -v --verbose --color --tracing",
			subs: infraJoin(
				infraEach("destroy, down", destroy("pulumi-destroy", "destroys every resource in the stack")),
				[]sub{
					s("stack rm", destroy("pulumi-stack-rm", "deletes a stack with its configuration and state history")),
					s("state delete", destroy("pulumi-state-delete", "removes resources from the stack's state, so Pulumi stops managing them")),
				},
			),
		},
		{
			names: "cdk",
			rule:  r("cdk", High, "synthesizes and deploys AWS CloudFormation stacks"),
			subs:  []sub{s("destroy", destroy("cdk-destroy", "deletes the app's CloudFormation stacks and their resources"))},
		},
		{
			names: "sam",
			rule:  r("sam", High, "builds and deploys AWS serverless applications"),
			subs:  []sub{s("delete", destroy("sam-delete", "deletes a deployed CloudFormation stack and its resources"))},
		},
		{
			names: "serverless sls",
			rule:  r("serverless", High, "deploys serverless applications to a cloud account"),
			subs:  []sub{s("remove", destroy("serverless-remove", "deletes a deployed service and its cloud resources"))},
		},

		// Cloud CLIs.
		{
			names:     "aws",
			rule:      r("aws", High, "talks to Amazon Web Services with the account's credentials"),
			valueOpts: "--profile --region --output --endpoint-url --query --color --ca-bundle --cli-read-timeout --cli-connect-timeout --cli-binary-format",
			subs: []sub{
				s("s3 rm", r("aws-s3-rm", High, "deletes objects from S3"),
					f("--recursive", destroy("aws-s3-rm-recursive", "deletes every object under an S3 prefix"))),
				s("s3 rb", destroy("aws-s3-rb", "deletes an S3 bucket"),
					f("--force", destroy("aws-s3-rb-force", "deletes an S3 bucket and every object in it"))),
				s("s3 sync", r("aws-s3-sync", High, "copies files to or from S3"),
					f("--delete", destroy("aws-s3-sync-delete", "deletes files in the destination that are missing from the source"))),
				s("s3api delete-bucket", destroy("aws-s3-rb", "deletes an S3 bucket")),
				s("s3api delete-objects", destroy("aws-s3api-delete-objects", "deletes many S3 objects at once")),
				s("ec2 terminate-instances", danger("aws-ec2-terminate-instances", "terminates EC2 instances, deleting their local data and, by default, their root volumes")),
				s("ec2 delete-volume", destroy("aws-ec2-delete-volume", "deletes EBS volumes and their data")),
				s("ec2 delete-snapshot", destroy("aws-ec2-delete-snapshot", "deletes EBS snapshots, which are backups")),
				s("rds delete-db-instance", destroy("aws-rds-delete-db-instance", "deletes a database instance and its data")),
				s("rds delete-db-cluster", destroy("aws-rds-delete-db-cluster", "deletes a database cluster and its data")),
				s("rds delete-db-snapshot", destroy("aws-rds-delete-snapshot", "deletes database snapshots, which are backups")),
				s("rds delete-db-cluster-snapshot", destroy("aws-rds-delete-snapshot", "deletes database snapshots, which are backups")),
				s("dynamodb delete-table", destroy("aws-dynamodb-delete-table", "deletes a DynamoDB table and every item in it")),
				s("dynamodb delete-backup", destroy("aws-dynamodb-delete-backup", "deletes a DynamoDB backup")),
				s("cloudformation delete-stack", destroy("aws-cloudformation-delete-stack", "deletes a CloudFormation stack and every resource it created")),
				s("lambda delete-function", destroy("aws-lambda-delete-function", "deletes a Lambda function and all its versions")),
				s("ecr delete-repository", destroy("aws-ecr-delete-repository", "deletes a container image repository")),
				s("ecr batch-delete-image", destroy("aws-ecr-delete-image", "deletes images from a container registry")),
				s("logs delete-log-group", destroy("aws-logs-delete-log-group", "deletes a log group and every log in it")),
				s("route53 delete-hosted-zone", destroy("aws-route53-delete-hosted-zone", "deletes a DNS zone")),
				s("kms schedule-key-deletion", danger("aws-kms-schedule-key-deletion", "schedules a KMS key for deletion, after which data encrypted with it cannot be decrypted")),
				s("secretsmanager delete-secret", destroy("aws-secretsmanager-delete-secret", "deletes a secret")),
				s("eks delete-cluster", destroy("aws-eks-delete-cluster", "deletes an EKS cluster and its workloads")),
				s("efs delete-file-system", destroy("aws-efs-delete-file-system", "deletes an EFS file system and its files")),
				s("elasticache delete-cache-cluster", destroy("aws-elasticache-delete", "deletes a cache cluster and its data")),
				s("elasticache delete-replication-group", destroy("aws-elasticache-delete", "deletes a cache cluster and its data")),
				s("redshift delete-cluster", destroy("aws-redshift-delete-cluster", "deletes a data warehouse cluster and its data")),
				s("backup delete-recovery-point", destroy("aws-backup-delete-recovery-point", "deletes a backup")),
				s("organizations close-account", danger("aws-organizations-close-account", "closes an AWS account")),
				s("sqs purge-queue", destroy("aws-sqs-purge-queue", "deletes every message in a queue")),
				s("ssm delete-parameter", destroy("aws-ssm-delete-parameter", "deletes stored parameters, whose values cannot be recovered")),
				s("ssm delete-parameters", destroy("aws-ssm-delete-parameter", "deletes stored parameters, whose values cannot be recovered")),
				s("opensearch delete-domain", destroy("aws-opensearch-delete-domain", "deletes a search cluster and its indexes")),
				s("es delete-elasticsearch-domain", destroy("aws-opensearch-delete-domain", "deletes a search cluster and its indexes")),
			},
			check: func(c *call) {
				ws := c.words("--profile --region --output --endpoint-url --query --color --ca-bundle --cli-read-timeout --cli-connect-timeout --cli-binary-format")
				if len(ws) < 2 || ws[0].dyn || ws[1].dyn {
					return
				}
				svc, op := ws[0].val, ws[1].val
				if svc == "iam" && strings.HasPrefix(op, "delete-") {
					c.raise(destroy("aws-iam-delete", "deletes IAM users, roles, policies or keys, which can lock people and services out"))
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
				s("projects delete", destroy("gcloud-projects-delete", "deletes a Google Cloud project and everything in it")),
				s("compute instances delete", destroy("gcloud-compute-instances-delete", "deletes virtual machines and, by default, their boot disks")),
				s("compute disks delete", destroy("gcloud-compute-disks-delete", "deletes persistent disks and their data")),
				s("compute snapshots delete", destroy("gcloud-compute-snapshots-delete", "deletes disk snapshots, which are backups")),
				s("sql instances delete", destroy("gcloud-sql-instances-delete", "deletes a Cloud SQL instance with its databases and backups")),
				s("sql databases delete", destroy("gcloud-sql-databases-delete", "deletes a database from a Cloud SQL instance")),
				s("storage buckets delete", destroy("gcloud-storage-buckets-delete", "deletes Cloud Storage buckets")),
				s("storage rm", r("gcloud-storage-rm", High, "deletes Cloud Storage objects"),
					f("-r -R --recursive", destroy("gcloud-storage-rm-recursive", "deletes every object under a Cloud Storage path"))),
				s("container clusters delete", destroy("gcloud-container-clusters-delete", "deletes a GKE cluster and its workloads")),
				s("container images delete", destroy("gcloud-container-images-delete", "deletes container images from the registry")),
				s("artifacts repositories delete", destroy("gcloud-artifacts-repositories-delete", "deletes an Artifact Registry repository and every package in it")),
				s("artifacts docker images delete", destroy("gcloud-container-images-delete", "deletes container images from the registry")),
				s("functions delete", destroy("gcloud-functions-delete", "deletes a Cloud Function")),
				s("run services delete", destroy("gcloud-run-services-delete", "deletes a Cloud Run service and its revisions")),
				s("spanner instances delete", destroy("gcloud-spanner-delete", "deletes a Spanner instance or database and its data")),
				s("spanner databases delete", destroy("gcloud-spanner-delete", "deletes a Spanner instance or database and its data")),
				s("bigtable instances delete", destroy("gcloud-bigtable-instances-delete", "deletes a Bigtable instance and its tables")),
				s("firestore databases delete", destroy("gcloud-firestore-databases-delete", "deletes a Firestore database and its documents")),
				s("redis instances delete", destroy("gcloud-redis-instances-delete", "deletes a Memorystore instance and its data")),
				s("filestore instances delete", destroy("gcloud-filestore-instances-delete", "deletes a Filestore instance and its files")),
				s("secrets delete", destroy("gcloud-secrets-delete", "deletes a secret with all its versions")),
				s("kms keys versions destroy", destroy("gcloud-kms-destroy", "destroys a key version, after which data encrypted with it cannot be decrypted")),
				s("apigee organizations delete", destroy("gcloud-apigee-organizations-delete", "deletes an Apigee organization with all its APIs and environments")),
				s("iam service-accounts delete", destroy("gcloud-iam-service-accounts-delete", "deletes a service account, which can lock services out")),
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
					flags: []flagRule{f("-r -R", destroy("gsutil-rm-recursive", "deletes every object under a Cloud Storage path"))},
					check: func(c *call) {
						for _, a := range c.words("-o -h -u") {
							if !a.dyn && strings.Contains(a.val, "*") {
								c.raise(destroy("gsutil-rm-wildcard", "deletes every object matching a wildcard"))
								return
							}
						}
					}},
				s("rb", destroy("gsutil-rb", "deletes Cloud Storage buckets")),
				s("rsync", r("gsutil-rsync", High, "copies files to or from Cloud Storage"),
					f("-d", destroy("gsutil-rsync-delete", "deletes files in the destination that are missing from the source"))),
			},
		},
		{
			names: "bq",
			rule:  r("bq", High, "talks to BigQuery with the account's credentials"),
			subs:  []sub{s("rm", destroy("bq-rm", "deletes BigQuery tables or datasets and their data"))},
			check: infraDBCheck("bq", "", "", 0),
		},
		{
			names:     "az",
			rule:      r("az", High, "talks to Microsoft Azure with the account's credentials"),
			valueOpts: "--subscription -o --output --query",
			subs: []sub{
				s("group delete", destroy("az-group-delete", "deletes a resource group and every resource in it")),
				s("vm delete", destroy("az-vm-delete", "deletes virtual machines")),
				s("disk delete", destroy("az-disk-delete", "deletes managed disks and their data")),
				s("storage account delete", destroy("az-storage-account-delete", "deletes a storage account and all its data")),
				s("storage container delete", destroy("az-storage-container-delete", "deletes a blob container and every blob in it")),
				s("storage share delete", destroy("az-storage-share-delete", "deletes a file share and every file in it")),
				s("storage blob delete-batch", destroy("az-storage-blob-delete-batch", "deletes every blob matching a pattern")),
				s("storage blob delete", r("az-storage-blob-delete", High, "deletes a blob")),
				s("sql db delete", destroy("az-sql-delete", "deletes an Azure SQL database or server and its data")),
				s("sql server delete", destroy("az-sql-delete", "deletes an Azure SQL database or server and its data")),
				s("postgres flexible-server delete", destroy("az-postgres-delete", "deletes a PostgreSQL server and its databases")),
				s("mysql flexible-server delete", destroy("az-mysql-delete", "deletes a MySQL server and its databases")),
				s("cosmosdb delete", destroy("az-cosmosdb-delete", "deletes a Cosmos DB account and its data")),
				s("aks delete", destroy("az-aks-delete", "deletes an AKS cluster and its workloads")),
				s("keyvault purge", destroy("az-keyvault-purge", "permanently deletes a key vault, key or secret that was already deleted")),
				s("keyvault secret purge", destroy("az-keyvault-purge", "permanently deletes a key vault, key or secret that was already deleted")),
				s("keyvault key purge", destroy("az-keyvault-purge", "permanently deletes a key vault, key or secret that was already deleted")),
				s("acr delete", destroy("az-acr-delete", "deletes a container registry and every image in it")),
				s("acr repository delete", destroy("az-acr-repository-delete", "deletes images from a container registry")),
				s("webapp delete", destroy("az-webapp-delete", "deletes a web app")),
				s("functionapp delete", destroy("az-functionapp-delete", "deletes a function app")),
				s("ad user delete", destroy("az-ad-delete", "deletes directory users or applications, which can lock people and services out")),
				s("ad app delete", destroy("az-ad-delete", "deletes directory users or applications, which can lock people and services out")),
				s("ad sp delete", destroy("az-ad-delete", "deletes directory users or applications, which can lock people and services out")),
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
				infraEach("compute droplet delete, compute droplet rm", destroy("doctl-droplet-delete", "deletes droplets and their disks")),
				infraEach("compute volume delete, compute volume rm", destroy("doctl-volume-delete", "deletes block storage volumes and their data")),
				infraEach("databases delete, databases rm", destroy("doctl-databases-delete", "deletes a managed database cluster and its data")),
				infraEach("kubernetes cluster delete, kubernetes cluster rm", destroy("doctl-kubernetes-delete", "deletes a Kubernetes cluster and its workloads")),
			),
		},
		{
			names:     "vercel",
			rule:      r("vercel", High, "deploys to or changes a Vercel account"),
			valueOpts: "-t --token -S --scope --cwd -A --local-config -Q --global-config",
			subs: infraJoin(
				infraEach("remove, rm", destroy("vercel-remove", "deletes deployments or whole projects from Vercel")),
				infraEach("project rm, project remove, projects rm, projects remove",
					destroy("vercel-project-remove", "deletes a Vercel project with all its deployments and domains")),
			),
		},
		{
			names:     "netlify",
			rule:      r("netlify", High, "deploys to or changes a Netlify account"),
			valueOpts: "--auth --filter",
			subs:      []sub{s("sites:delete", destroy("netlify-sites-delete", "deletes a Netlify site and all its deploys"))},
		},
		{
			names:     "fly flyctl",
			rule:      r("fly", High, "deploys to or changes a Fly.io account"),
			valueOpts: "-a --app -c --config -t --access-token",
			subs: infraJoin(
				infraEach("apps destroy, apps delete, apps remove, destroy",
					destroy("fly-apps-destroy", "deletes a Fly app with its machines, volumes and IP addresses")),
				infraEach("volumes destroy, volumes delete, volumes rm, volume destroy, volume delete, vol destroy",
					destroy("fly-volumes-destroy", "deletes a Fly volume and its data")),
			),
		},
		{
			names:     "heroku",
			rule:      r("heroku", High, "deploys to or changes a Heroku account"),
			valueOpts: "-a --app -r --remote",
			subs: infraJoin(
				infraEach("apps:destroy, destroy", destroy("heroku-apps-destroy", "deletes a Heroku app with its add-ons and config")),
				infraEach("addons:destroy, addons:remove", destroy("heroku-addons-destroy", "deletes an add-on and the data it holds")),
				infraEach("pg:reset", destroy("heroku-pg-reset", "deletes every table and row in a Heroku Postgres database")),
				infraEach("pg:backups:delete", destroy("heroku-pg-backups-delete", "deletes a database backup")),
			),
		},
		{
			names:     "firebase",
			rule:      r("firebase", High, "deploys to or changes a Firebase project"),
			valueOpts: "-P --project --token",
			subs: []sub{
				s("database:remove", destroy("firebase-database-remove", "deletes data from a Realtime Database path")),
				s("firestore:delete", destroy("firebase-firestore-delete", "deletes Firestore documents or collections")),
				s("hosting:sites:delete", destroy("firebase-hosting-sites-delete", "deletes a Firebase Hosting site")),
				s("functions:delete", destroy("firebase-functions-delete", "deletes deployed Cloud Functions")),
			},
		},
		{
			names: "supabase",
			rule:  r("supabase", High, "manages Supabase projects and databases"),
			subs: []sub{
				s("db reset", destroy("supabase-db-reset", "resets the local database, deleting its data"),
					f("--linked --db-url", destroy("supabase-db-reset-remote", "resets a remote database, deleting every table and row"))),
				s("projects delete", destroy("supabase-projects-delete", "deletes a Supabase project and its database")),
			},
		},

		// Backups and object storage.
		{
			names:     "restic",
			rule:      r("restic", High, "manages a backup repository"),
			valueOpts: "-r --repo --repository-file --password-file --password-command --cache-dir -o --option",
			subs: []sub{
				s("forget", destroy("restic-forget", "deletes backup snapshots")),
				s("prune", destroy("restic-prune", "deletes backup data that no snapshot references")),
			},
		},
		{
			names: "borg",
			rule:  r("borg", High, "manages a backup repository"),
			subs: []sub{
				s("delete", destroy("borg-delete", "deletes backup archives or a whole repository")),
				s("repo-delete", destroy("borg-delete", "deletes backup archives or a whole repository")),
				s("rdelete", destroy("borg-delete", "deletes backup archives or a whole repository")),
				s("prune", destroy("borg-prune", "deletes backup archives outside the retention rules")),
			},
		},
		{
			names:     "rclone",
			rule:      r("rclone", High, "copies files to or from cloud storage"),
			valueOpts: "--config",
			subs: []sub{
				s("purge", destroy("rclone-purge", "deletes a path and everything in it")),
				s("delete", destroy("rclone-delete", "deletes every file under a path")),
				{words: "sync", rule: r("rclone-sync-dry-run", High, "shows how it would make the destination match the source"),
					check: func(c *call) {
						if !c.hasOpt("--dry-run -n --interactive -i") {
							c.raise(danger("rclone-sync", "makes the destination match the source, deleting files missing from the source"))
						}
					}},
				s("deletefile", r("rclone-deletefile", High, "deletes a file from cloud storage")),
				// move and moveto delete the source once copied: a local
				// one is a delete here (rclone.org/commands/rclone_move)
				{words: "move", rule: r("rclone", High, "copies files to or from cloud storage"), check: rcloneMove},
				{words: "moveto", rule: r("rclone", High, "copies files to or from cloud storage"), check: rcloneMove},
			},
		},
		{
			names: "mc",
			rule:  r("mc", High, "talks to S3-compatible object storage"),
			subs: []sub{
				s("rb", destroy("mc-rb", "deletes buckets")),
				s("admin bucket delete", destroy("mc-rb", "deletes buckets")),
				s("admin bucket remove", destroy("mc-rb", "deletes buckets")),
				s("rm", r("mc-rm", High, "deletes objects"),
					f("-r --recursive", destroy("mc-rm-recursive", "deletes every object under a path"))),
				s("mirror", r("mc-mirror", High, "copies objects between locations"),
					f("--remove", destroy("mc-mirror-remove", "deletes objects in the destination that are missing from the source"))),
			},
		},

		{
			names: "s3cmd",
			rule:  r("s3cmd", High, "talks to S3-compatible object storage"),
			subs: infraJoin(
				infraEach("rb", destroy("s3cmd-rb", "deletes buckets")),
				infraEach("del, rm", r("s3cmd-del", High, "deletes objects"),
					f("-r --recursive --force", destroy("s3cmd-del-recursive", "deletes every object under a path"))),
				infraEach("sync", r("s3cmd-sync", High, "copies files to or from object storage"),
					f("--delete-removed --delete-after", destroy("s3cmd-sync-delete", "deletes objects in the destination that are missing from the source"))),
				infraEach("ls, la, du, info", r("s3cmd-ls", Medium, "lists buckets or objects")),
			),
		},
		{
			names:     "hcloud",
			rule:      r("hcloud", High, "changes resources in a Hetzner Cloud project"),
			valueOpts: "--context --config -o --output",
			subs: infraJoin(
				infraEach("server delete, volume delete, floating-ip delete, primary-ip delete, network delete, load-balancer delete, image delete, firewall delete, certificate delete, ssh-key delete, placement-group delete, server rebuild",
					destroy("hcloud-delete", "deletes a Hetzner Cloud resource and its data")),
				infraEach("server list, volume list, network list, image list, server describe, context list",
					r("hcloud-list", Medium, "lists resources of a Hetzner Cloud project")),
			),
		},
		{
			names: "linode-cli",
			rule:  r("linode-cli", High, "changes resources in a Linode account"),
			subs: infraJoin(
				infraEach("linodes delete, linodes rebuild, volumes delete, domains delete, nodebalancers delete, object-storage buckets-delete, images delete, lke cluster-delete, databases mysql-delete, databases postgresql-delete, firewalls delete",
					destroy("linode-delete", "deletes a Linode resource and its data")),
				infraEach("linodes list, volumes list, domains list, regions list, linodes view",
					r("linode-list", Medium, "lists resources of a Linode account")),
			),
		},
		{names: "ansible ansible-playbook ansible-pull ansible-console", rule: r("ansible", High, "runs tasks on remote machines")},
		{names: "ansible-galaxy", rule: r("ansible-galaxy", High, "downloads and installs Ansible roles and collections")},
	}
}

// infraIaC is a Terraform-compatible CLI named p.
func infraIaC(p string) tool {
	destroyAll := destroy(p+"-destroy", "destroys the infrastructure this configuration manages")
	applyDestroy := destroy(p+"-apply-destroy", "destroys the infrastructure this configuration manages")
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
		s("destroy", destroyAll),
		apply,
		s("state rm", destroy(p+"-state-rm", "removes resources from the state, so they are no longer managed and a later apply may recreate them")),
		s("state push", danger(p+"-state-push", "overwrites the remote state, which can lose track of every resource")),
		s("workspace delete", destroy(p+"-workspace-delete", "deletes a workspace and its state, leaving its resources unmanaged")),
		s("force-unlock", r(p+"-force-unlock", High, "releases a state lock that another run may hold")),
		// a formatter whose configuration is data (tools_checkers.go)
		{words: "fmt", rule: ruleCheckOnly, check: checkerFormOf(p + " fmt")},
		s("validate", r(p+"-validate", Medium, "checks the configuration locally")),
		s("version", r(p+"-version", Minimal, "prints the version")),
		// remote reads (design §2.8): they read the real infrastructure
		// and the remote state with the user's credentials and change
		// nothing; -json and -raw print sensitive values in the clear
		s("plan", r(p+"-plan", Medium, "reads the real infrastructure and remote state to show what an apply would change")),
		s("state list", r(p+"-state-read", Medium, "reads the remote state and prints what it manages")),
		s("state show", r(p+"-state-read", Medium, "reads the remote state and prints what it manages")),
		s("output", r(p+"-state-read", Medium, "reads the remote state and prints what it manages"),
			f("-json --json -raw --raw", r(p+"-print-sensitive", High, "prints the configuration's sensitive values in the clear"))),
		s("show", r(p+"-state-read", Medium, "reads the remote state and prints what it manages"),
			f("-json --json", r(p+"-print-sensitive", High, "prints the configuration's sensitive values in the clear"))),
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
				s(pre+" destroy", destroy(p+"-run-all-destroy", "destroys the infrastructure of every module below this directory")))
			a := apply
			a.words = pre + " apply"
			subs = append(subs, a)
		}
		subs = append(subs,
			s("destroy-all", destroy(p+"-run-all-destroy", "destroys the infrastructure of every module below this directory")),
			sub{words: "hclfmt", rule: ruleCheckOnly, check: checkerFormOf("terragrunt hclfmt")},
			sub{words: "hcl fmt", rule: ruleCheckOnly, check: checkerFormOf("terragrunt hcl fmt")},
			sub{words: "hcl format", rule: ruleCheckOnly, check: checkerFormOf("terragrunt hcl format")},
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

// rcloneMove judges rclone move SRC DST's source as deleted when it is a
// local path: rclone deletes each file it moved.
func rcloneMove(c *call) {
	if ops := afterSub(c, 1); len(ops) > 1 && localPath(ops[0]) {
		trashes(c, ops[:1])
	}
}
