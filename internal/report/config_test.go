package report

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/settings"
)

// notShown are the fields of settings.Effective that hold a setting but
// that config show leaves out on purpose, each with why.
var notShown = map[string]string{
	"Cap": "it is derived from the tighten-only files' level, and level shows it with its source whenever it binds",
}

// TestShownSettings fails when a setting is added to settings.Effective
// and not to shownSettings, which would leave it out of config show.
func TestShownSettings(t *testing.T) {
	// Every setting set, each with a source of its own, and capped, so
	// that what level shows only under a cap is shown too.
	eff := settings.Defaults()
	eff.Capped = true
	ev := reflect.ValueOf(eff).Elem()
	var fields []string
	for i := range ev.NumField() {
		f := ev.Type().Field(i)
		typ := f.Type
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if !isSetting(typ) {
			continue
		}
		fields = append(fields, f.Name)
		s := reflect.New(typ).Elem()
		s.FieldByName("Src").Set(reflect.ValueOf(fieldSource(f.Name)))
		if f.Type.Kind() == reflect.Pointer {
			s = s.Addr()
		}
		ev.Field(i).Set(s)
	}
	if len(fields) == 0 {
		t.Fatal("found no field of type settings.Setting in settings.Effective; has the type been renamed?")
	}

	shown := map[settings.Source]bool{}
	for _, s := range shownSettings {
		v := s.view(eff)
		shown[v.src] = true
		if v.capped != nil {
			shown[v.capped.Src] = true
		}
	}
	for _, name := range fields {
		why, skip := notShown[name]
		switch {
		case skip && shown[fieldSource(name)]:
			t.Errorf("settings.Effective.%s is shown, but notShown says it is not (%s): take it out of notShown", name, why)
		case !skip && !shown[fieldSource(name)]:
			t.Errorf("settings.Effective.%s is a setting that config show does not show: add it to shownSettings (or, if it must stay hidden, to notShown with why)", name)
		}
	}
	for name := range notShown {
		if _, ok := ev.Type().FieldByName(name); !ok {
			t.Errorf("notShown names settings.Effective.%s, which does not exist", name)
		}
	}
}

// isSetting reports whether t is settings.Setting[T] for some T.
func isSetting(t reflect.Type) bool {
	setting := reflect.TypeFor[settings.Setting[string]]()
	return t.Kind() == reflect.Struct && t.PkgPath() == setting.PkgPath() &&
		strings.HasPrefix(t.Name(), "Setting[")
}

func fieldSource(name string) settings.Source {
	return settings.Source{Kind: settings.FromFlag, Name: "settings.Effective." + name}
}

// TestConfigJSONSettings checks that config show --json has a member for
// each of shownSettings, in order, before the files and the rules.
func TestConfigJSONSettings(t *testing.T) {
	var buf bytes.Buffer
	if err := encodeJSON(&buf, Config(settings.Defaults())); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(&buf)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("config show --json starts with %v (%v), want an object", tok, err)
	}
	var keys []string
	values := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		key := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		keys = append(keys, key)
		values[key] = v
	}

	var want []string
	for _, s := range shownSettings {
		want = append(want, s.name)
	}
	want = append(want, "files")
	if len(keys) < len(want) || !reflect.DeepEqual(keys[:len(want)], want) {
		t.Errorf("config show --json members = %q, want them to start with %q", keys, want)
	}
	var hookAllow valueJSON
	if err := json.Unmarshal(values["hookAllow"], &hookAllow); err != nil {
		t.Fatal(err)
	}
	if want := (valueJSON{Value: "explicit", Source: "default"}); hookAllow != want {
		t.Errorf("hookAllow = %+v, want %+v", hookAllow, want)
	}
}
