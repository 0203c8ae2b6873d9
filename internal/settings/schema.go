package settings

import (
	"encoding/json"
	"slices"
)

// SchemaURL is where the JSON Schema of a settings file is published: the
// repository's docs/settings.schema.json, which [Schema] makes from
// [Keys]. A settings file permguard creates names it in "$schema", so an
// editor can complete and check the file.
const SchemaURL = "https://raw.githubusercontent.com/agent-permguard/permguard/main/docs/settings.schema.json"

//go:generate go run ../schemagen ../../docs/settings.schema.json

// Schema returns the JSON Schema (draft 2020-12) of a settings file, made
// from [Keys]: each setting's type, an enum's values and aliases, the
// caps on lists, and no other key. It is stricter than permguard in two
// ways an editor may show: an enum's value in another case ("High") and
// the deprecated level "write" are read by permguard (with a warning for
// "write") and not by the schema. A pattern's bound is in bytes for
// permguard and in characters for the schema.
func Schema() ([]byte, error) {
	props := map[string]any{}
	for i := range Keys {
		props[Keys[i].Name] = keySchema(&Keys[i])
	}
	s := map[string]any{
		"$schema":              "https://json-schema.org/draft/2020-12/schema",
		"$id":                  SchemaURL,
		"title":                "permguard settings",
		"description":          "A permguard settings file: the global one (permguard config path), .permguard/settings.json and settings.local.json in a project, or the managed /etc/permguard/settings.json. Made from the list of settings in internal/settings/keys.go; do not edit it by hand.",
		"type":                 "object",
		"additionalProperties": false,
		"properties":           props,
		"$defs": map[string]any{
			"pattern": map[string]any{
				"description": "A command line with wildcards: \"*\" any run of characters, \"?\" one character, \"\\x\" the character x. Words are joined by single spaces; no white space at either end.",
				"type":        "string",
				"minLength":   1,
				"maxLength":   maxPatternBytes,
				"pattern":     `^(?!.*  )\S(.*\S)?$`,
			},
		},
	}
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// keySchema is the schema of one setting's value.
func keySchema(k *Key) map[string]any {
	s := map[string]any{"description": k.Doc}
	patterns := map[string]any{"type": "array", "items": map[string]any{"$ref": "#/$defs/pattern"}, "maxItems": k.Max}
	switch k.Type {
	case TypeEnum:
		values := append([]string(nil), k.Values...)
		for a := range k.Aliases {
			values = append(values, a)
		}
		s["type"], s["enum"], s["default"] = "string", sortedAfter(values, len(k.Values)), k.Default
	case TypeDuration:
		s["default"] = 120
		s["oneOf"] = []any{
			map[string]any{"type": "number", "minimum": minPromptSeconds, "maximum": maxPromptSeconds},
			map[string]any{"type": "string", "pattern": `^(\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)((\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))*$`},
		}
	case TypeSecret:
		s["type"], s["minLength"] = "string", 1
	case TypeString:
		s["type"] = "string"
	case TypePatterns:
		for key, v := range patterns {
			s[key] = v
		}
	case TypeLevelPatterns:
		levels := map[string]any{}
		for _, l := range k.Levels {
			levels[l] = patterns
		}
		s["type"], s["additionalProperties"], s["properties"] = "object", false, levels
	case TypeMappings:
		words := map[string]any{"type": "string", "minLength": 1, "pattern": "^[^*?\\\\'\"$`\\s]+( [^*?\\\\'\"$`\\s]+)*$"}
		s["type"], s["maxItems"] = "array", k.Max
		s["items"] = map[string]any{
			"type":                 "object",
			"additionalProperties": false,
			"required":             []string{"from", "to"},
			"properties":           map[string]any{"from": words, "to": words},
		}
	}
	return s
}

// sortedAfter sorts the values after the first n, which keep their order:
// an enum's own values first, as permguard writes them, then its aliases.
func sortedAfter(values []string, n int) []string {
	slices.Sort(values[n:])
	return values
}
