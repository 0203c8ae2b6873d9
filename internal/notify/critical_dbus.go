//go:build (linux || freebsd || netbsd || openbsd || illumos) && !nodbus

package notify

import (
	"io"
	"log"

	"github.com/esiqveland/notify"
	"github.com/godbus/dbus/v5"
)

// critical sends m with critical urgency over the session bus. beeep
// offers that only through Alert, which also beeps and, without a PC
// speaker, writes a BEL to stdout; so this uses the same D-Bus library
// beeep uses, directly.
func critical(m Message) error {
	conn, err := dbus.SessionBus()
	if err != nil {
		return err
	}
	n := notify.Notification{AppName: "permguard", Summary: m.Title, Body: m.Body, ExpireTimeout: notify.ExpireTimeoutNever}
	n.SetUrgency(notify.UrgencyCritical)
	sender, err := notify.New(conn, notify.WithLogger(log.New(io.Discard, "", 0)))
	if err != nil {
		return err
	}
	defer sender.Close()
	_, err = sender.SendNotification(n)
	return err
}
