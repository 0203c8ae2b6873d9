package settings

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestLockLeavesNothing: writers serialize, none loses another's change,
// and once they are done no lock file is left beside the file.
func TestLockLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	const writers = 20
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			_, err := Update(path, time.Now(), func(d *Document) error {
				var n int
				if raw, ok := d.Raw("n"); ok {
					json.Unmarshal(raw, &n)
				}
				return d.Set("n", n+1)
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ N int }
	if err := json.Unmarshal(data, &got); err != nil || got.N != writers {
		t.Errorf("after %d writers: %s (%v)", writers, data, err)
	}
	if err := WriteFileAtomic(path, []byte("{}\n"), data); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left in the directory: %q, want only settings.json", names)
	}
}
