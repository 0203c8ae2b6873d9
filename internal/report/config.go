package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agent-permguard/permguard/internal/settings"
)

// ConfigText is what config show prints of the settings in force, eff:
// each setting with where it comes from, what the box of the level
// allows where calls run in one here (box; "" where they run unboxed),
// the files read, and the rules.
func ConfigText(eff *settings.Effective, box string) string {
	var b strings.Builder
	for _, s := range shownSettings {
		v := s.view(eff)
		fmt.Fprintf(&b, "%-14s %-10s %s\n", s.name, v.value, printable(v.src.String()))
		if c := v.capped; c != nil && c.Value.String() != v.value {
			fmt.Fprintf(&b, "%-14s %-10s %s\n", "", "(not "+c.Value.String()+")", "capped: "+printable(c.Src.String())+" chose "+c.Value.String())
		}
	}
	if box != "" {
		fmt.Fprintf(&b, "\nlevel %s runs %s\n", eff.Level.Value, box)
	}
	b.WriteString("\nfiles:\n")
	for _, fs := range eff.Files {
		fmt.Fprintf(&b, "  %-16s %-10s %s\n", fileLabel(fs.Src), fs.State, printable(fs.Src.Name))
	}
	writeRules(&b, eff, true)
	return b.String()
}

// shownSetting is one setting as config show prints it, in text and JSON.
type shownSetting struct {
	name string // as written in a settings file; the JSON key
	view func(*settings.Effective) settingView
}

// settingView is what config show prints of a setting.
type settingView struct {
	value string
	src   settings.Source
	// capped is what was chosen when a tighten-only file lowered it
	// (level only); nil otherwise.
	capped *settings.Setting[settings.Permission]
}

// shownSettings are every setting config show prints, in order: those
// of settings.Keys with a Show. Both outputs are made from this list
// alone, and TestShownSettings fails when a setting of
// [settings.Effective] is shown by none of them.
var shownSettings = shownFromKeys()

func shownFromKeys() []shownSetting {
	var out []shownSetting
	for _, k := range settings.Keys {
		if k.Show == nil {
			continue
		}
		show := k.Show
		out = append(out, shownSetting{k.Name, func(e *settings.Effective) settingView {
			v := show(e)
			return settingView{value: v.Value, src: v.Src, capped: v.Capped}
		}})
	}
	return out
}

func fileLabel(src settings.Source) string {
	switch {
	case src.Kind == settings.FromProject && src.Trusted:
		return "project, trusted"
	case src.Kind == settings.FromProject:
		return "project"
	}
	return src.Kind.String()
}

// ConfigJSON is the output of config show --json: an object with a member
// per setting of [shownSettings], in that order, then the files and the
// rules. Field names are API.
type ConfigJSON struct {
	settings []namedValueJSON
	configRestJSON
}

type namedValueJSON struct {
	name  string
	value valueJSON
}

type configRestJSON struct {
	Files []fileJSON `json:"files"`
	RulesJSON
}

type valueJSON struct {
	Value  string `json:"value"`
	Source string `json:"source"`
	Chosen string `json:"chosen,omitempty"` // level only: what was chosen before a cap
}

type fileJSON struct {
	Path    string `json:"path"`
	Kind    string `json:"kind"`
	Trusted bool   `json:"trusted"`
	State   string `json:"state"`
}

// Config is config show --json's object for the settings in force, eff.
func Config(eff *settings.Effective) ConfigJSON {
	out := ConfigJSON{configRestJSON: configRestJSON{Files: []fileJSON{}, RulesJSON: Rules(eff)}}
	for _, s := range shownSettings {
		v := s.view(eff)
		vj := valueJSON{Value: v.value, Source: v.src.String()}
		if v.capped != nil {
			vj.Chosen = v.capped.Value.String()
		}
		out.settings = append(out.settings, namedValueJSON{s.name, vj})
	}
	for _, fs := range eff.Files {
		out.Files = append(out.Files, fileJSON{Path: fs.Src.Name, Kind: fs.Src.Kind.String(), Trusted: fs.Src.Trusted, State: fs.State})
	}
	return out
}

// MarshalJSON writes the settings first, in the order of the list, as
// members of the same object as the files and the rules.
func (c ConfigJSON) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for _, s := range c.settings {
		if err := encodeJSON(&b, s.name); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := encodeJSON(&b, s.value); err != nil {
			return nil, err
		}
		b.WriteByte(',')
	}
	var rest bytes.Buffer
	if err := encodeJSON(&rest, c.configRestJSON); err != nil {
		return nil, err
	}
	// rest is an object that always has files: splice in its members.
	b.Write(bytes.TrimPrefix(bytes.TrimSpace(rest.Bytes()), []byte("{")))
	return b.Bytes(), nil
}

// encodeJSON is json.Marshal without escaping <, > and &, as the
// command line writes JSON: paths and patterns are shown as written.
func encodeJSON(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
