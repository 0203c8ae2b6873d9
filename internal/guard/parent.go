package guard

import (
	"fmt"
	"os"
	"strings"
)

// ParentProcess identifies the process that ran permguard, whose session
// a command typed in a shell belongs to (see [SessionID]): its pid and,
// where /proc says, its start time in clock ticks since boot.
func ParentProcess() string {
	ppid := os.Getppid()
	if ppid <= 1 {
		return "" // orphaned: no session to speak of
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", ppid))
	if err != nil {
		return fmt.Sprint(ppid)
	}
	// "pid (comm) state ppid ... starttime": comm may hold spaces and
	// parentheses, so count from the last ')'. starttime is field 22,
	// the 20th after the comm.
	s := string(data)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		if f := strings.Fields(s[i+1:]); len(f) >= 20 {
			return fmt.Sprintf("%d@%s", ppid, f[19])
		}
	}
	return fmt.Sprint(ppid)
}
