package classify

// Container engines, Kubernetes and its tools, and virtual machines.

// containerInfraTools returns the containers rows that are built by functions (the
// helpers in infra.go); they are built on the first lookup of one of
// their programs (containerInfraTable).
func containerInfraTools() []tool {
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
	}
}
