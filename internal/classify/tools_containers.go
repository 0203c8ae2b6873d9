package classify

import (
	"strings"
)

// Container engines, Kubernetes and its tools, and virtual machines.

// containerInfraTools returns the containers rows that are built by functions (the
// helpers in tool_sharedrules.go); they are built on the first lookup of one of
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
				infraEach("uninstall, delete, del, un", destroy("helm-uninstall", "removes a release and every Kubernetes resource it created")),
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
			subs:  []sub{s("delete cluster", destroy("eksctl-delete-cluster", "deletes an EKS cluster with its node groups and workloads"))},
		},
		{
			names:     "velero",
			rule:      r("velero", High, "manages Kubernetes backups"),
			valueOpts: "-n --namespace --kubecontext --kubeconfig",
			subs: infraEach("backup delete, delete backup, backup-location delete",
				destroy("velero-backup-delete", "deletes cluster backups")),
		},
		{
			names: "multipass",
			rule:  r("multipass", High, "manages Multipass virtual machines"),
			subs: infraJoin(
				infraEach("delete", r("multipass-delete", High, "deletes virtual machines into the recycle bin"),
					f("--purge -p", destroy("multipass-purge", "deletes virtual machines and their disks for good"))),
				infraEach("purge", destroy("multipass-purge", "deletes virtual machines and their disks for good")),
				infraEach("list, ls, info, version, find, networks", r("multipass-list", Minimal, "lists the local virtual machines")),
			),
		},
		{
			names:     "argocd",
			rule:      r("argocd", High, "changes applications in an Argo CD server"),
			valueOpts: "--server --auth-token --grpc-web-root-path --config --context",
			subs: infraJoin(
				infraEach("app delete, proj delete, cluster rm, repo rm, appset delete, app delete-resource",
					destroy("argocd-delete", "deletes an Argo CD application or project, and by default the cluster resources it manages")),
				infraEach("app list, app get, proj list, cluster list, repo list, app diff, app history, version",
					r("argocd-list", Medium, "reads applications in an Argo CD server")),
			),
		},

		// Local Kubernetes clusters (kind, k3d and minikube's command
		// references): deleting one deletes every workload and volume in
		// it.
		{names: "kind", rule: r("kind", High, "manages local Kubernetes clusters in containers"), subs: []sub{
			s("delete cluster", destroy("kind-delete-cluster", "deletes a local Kubernetes cluster and everything in it")),
			s("delete clusters", destroy("kind-delete-cluster", "deletes a local Kubernetes cluster and everything in it")),
			s("get clusters", r("kind-get", Minimal, "lists local Kubernetes clusters")),
		}},
		{names: "k3d", rule: r("k3d", High, "manages local Kubernetes clusters in containers"), subs: []sub{
			s("cluster delete", destroy("k3d-cluster-delete", "deletes a local Kubernetes cluster and everything in it")),
			s("cluster rm", destroy("k3d-cluster-delete", "deletes a local Kubernetes cluster and everything in it")),
			s("cluster list", r("k3d-list", Minimal, "lists local Kubernetes clusters")),
		}},
		{names: "minikube", rule: r("minikube", High, "manages a local Kubernetes cluster"), subs: []sub{
			s("delete", destroy("minikube-delete", "deletes the local Kubernetes cluster and everything in it")),
			s("status", r("minikube-status", Minimal, "shows the local cluster's state")),
		}},
		// Virtual machines.
		{
			names: "vagrant",
			rule:  r("vagrant", High, "manages virtual machines"),
			subs: []sub{
				s("destroy", destroy("vagrant-destroy", "deletes a virtual machine and its disks")),
				s("status", r("vagrant-status", Minimal, "shows the state of the project's virtual machines")),
				s("global-status", r("vagrant-status", Minimal, "shows the state of the project's virtual machines")),
			},
		},
		{
			names: "virsh",
			rule:  r("virsh", High, "manages virtual machines"),
			subs: infraJoin(
				[]sub{s("undefine", r("virsh-undefine", High, "deletes a virtual machine's definition"),
					f("--remove-all-storage --wipe-storage --storage", destroy("virsh-undefine-storage", "deletes a virtual machine together with its disks")))},
				infraEach("vol-delete, vol-wipe, pool-delete", destroy("virsh-vol-delete", "deletes or wipes storage volumes")),
			),
		},
	}
}

// infraContainer is a Docker-compatible container CLI named p.
func infraContainer(p string) tool {
	rmForce := f("-f --force", danger(p+"-rm-force", "force-deletes containers, killing running ones and losing their data"))
	rmVolumes := f("-v --volumes", destroy(p+"-rm-volumes", "deletes containers together with their anonymous volumes"))
	rmiForce := f("-f --force", danger(p+"-rmi-force", "force-deletes images, even ones that containers use"))
	run := r(p+"-run", High, "starts a container")
	privileged := f("--privileged", r(p+"-run-privileged", High, "runs a privileged container with full access to the host"))
	return tool{
		names:     p,
		rule:      r(p+"-engine", High, "talks to the container engine, which has root-equivalent access to the machine"),
		valueOpts: "-H --host -c --context --config -l --log-level --tlscacert --tlscert --tlskey -f --file -p --project-name --project-directory --env-file --profile --ansi --parallel --builder",
		subs: infraJoin(
			[]sub{
				s("system prune", destroy(p+"-system-prune", "deletes every stopped container, unused network and dangling image, and with -a every unused image")),
				s("system reset", destroy(p+"-system-reset", "deletes every container, image, volume and network the engine holds")),
				s("volume prune", destroy(p+"-volume-prune", "deletes every volume no container uses, with the data in it")),
				s("container prune", destroy(p+"-container-prune", "deletes every stopped container and the data written in it")),
				s("network prune", destroy(p+"-network-prune", "deletes every network no container uses")),
				s("image prune", r(p+"-image-prune", High, "deletes dangling images"),
					f("-a --all", destroy(p+"-image-prune-all", "deletes every image no container uses"))),
				{words: "compose config", rule: ruleComposeNames, check: composeConfigCheck},
				s("compose down", r(p+"-compose-down", High, "stops and removes a compose project's containers and networks"),
					f("-v --volumes", destroy(p+"-compose-down-volumes", "removes a compose project together with its volumes and their data"))),
				s("compose rm", r(p+"-compose-rm", High, "removes a compose project's stopped containers"),
					f("-v --volumes", destroy(p+"-compose-rm-volumes", "removes compose containers together with their anonymous volumes"))),
				s("swarm leave", r(p+"-swarm-leave", High, "takes this node out of the swarm"),
					f("-f --force", danger(p+"-swarm-leave-force", "forces this node out of the swarm, which on the last manager destroys the swarm"))),
				s("push", r(p+"-push", High, "publishes an image to a registry")),
				s("login", r(p+"-login", High, "stores registry credentials")),
			},
			infraEach("volume rm, volume remove", destroy(p+"-volume-rm", "deletes volumes and the data in them")),
			infraEach("builder prune, buildx prune", destroy(p+"-builder-prune", "deletes the build cache")),
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
			{words: "config", rule: ruleComposeNames, check: composeConfigCheck},
			s("down", r(p+"-down", High, "stops and removes a compose project's containers and networks"),
				f("-v --volumes", destroy(p+"-down-volumes", "removes a compose project together with its volumes and their data"))),
			s("rm", r(p+"-rm", High, "removes a compose project's stopped containers"),
				f("-v --volumes", destroy(p+"-rm-volumes", "removes compose containers together with their anonymous volumes"))),
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
						f("--all", destroy(p+"-delete-all", "deletes every resource of the given kinds in the namespace")),
						f("-A --all-namespaces", destroy(p+"-delete-all-namespaces", "deletes resources in every namespace")),
					},
					check: kubeDeleteCheck(p)},
				s("drain", danger(p+"-drain", "evicts every pod from a node and takes it out of service")),
				s("replace", r(p+"-replace", High, "replaces cluster resources"),
					f("--force", destroy(p+"-replace-force", "deletes and recreates resources, losing their state"))),
				s("apply", r(p+"-apply", High, "changes cluster resources"),
					f("--prune", destroy(p+"-apply-prune", "deletes every resource missing from the applied manifests"))),
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
			c.raise(destroy(p+"-delete-dynamic", "deletes a kind of resource only known at run time, which could be a whole namespace"))
			return
		}
		for _, item := range strings.Split(ws[1].val, ",") {
			kind, _, _ := strings.Cut(item, "/")
			kind, _, _ = strings.Cut(strings.ToLower(kind), ".")
			if i, ok := kubeKindIndex.get()[kind]; ok {
				c.raise(destroy(p+"-"+kubeKinds[i].id, kubeKinds[i].why))
			}
		}
	}
}
