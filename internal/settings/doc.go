// Package settings owns permguard's configuration (design §5): where the
// files are, what they may hold, how they layer, and how they are changed.
//
// It promises that loading never fails the caller and never moves a
// file. A settings file that cannot be read or parsed, whoever's it is, is
// left as it is and caps the level at minimal until it is fixed, because
// the deny rules in it cannot be read; every invalid entry is dropped with
// a [Problem] that names the file, line and column. Project files and the
// managed file can only tighten unless the user trusted the exact content
// of a project file (see [SetTrust]).
//
// Writes go through [Update]: under an advisory lock, to a temporary file
// in the same directory, fsync, rename. A write never replaces anything
// but a regular file, and never goes through a symlink to anything else.
//
// The package reads files but no environment: the command line passes in
// what PERMGUARD_LEVEL and the flags said ([Options]).
package settings
