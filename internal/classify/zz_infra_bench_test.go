package classify

import "testing"

func BenchmarkZZInfra(b *testing.B) {
	saved := toolIndex
	toolIndex = buildToolIndex([][]tool{coreTools, devTools, infraTools})
	defer func() { toolIndex = saved }()
	env := Env{Workspace: "/work/proj", Home: "/home/u", TempDirs: []string{"/tmp"}}
	for _, cmd := range []string{"git status --short", "ls -la src", "kubectl -n prod delete ns prod", "kubectl -n prod get ns prod", "gcloud beta compute instances delete vm-1", "gcloud beta compute instances list vm-1", "aws s3 ls s3://x"} {
		b.Run(cmd[:12], func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Classify(cmd, env)
			}
		})
	}
}
