package settings

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The approval PIN is never stored in clear: approvalPin holds
// "pbkdf2-sha256$<iterations>$<salt>$<key>", salt and key in unpadded
// base64. PBKDF2 is in the standard library; a PIN is short, so the
// iteration count is what makes guessing it from the file slow.
const (
	pinScheme     = "pbkdf2-sha256"
	pinIterations = 200_000
	pinSaltBytes  = 16
	pinKeyBytes   = 32
	minPinRunes   = 4
)

var b64 = base64.RawStdEncoding

// HashPin returns the stored form of pin, with a fresh random salt.
func HashPin(pin string) (string, error) {
	if err := CheckPin(pin); err != nil {
		return "", err
	}
	salt := make([]byte, pinSaltBytes)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key, err := pbkdf2.Key(sha256.New, pin, salt, pinIterations, pinKeyBytes)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s$%d$%s$%s", pinScheme, pinIterations, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPin says why pin cannot be an approval PIN.
func CheckPin(pin string) error {
	switch {
	case len([]rune(pin)) < minPinRunes:
		return fmt.Errorf("a PIN needs at least %d characters", minPinRunes)
	case strings.TrimSpace(pin) != pin:
		return errors.New("a PIN cannot start or end with white space")
	}
	return nil
}

// IsPinHash reports whether s is in the stored form, as opposed to a PIN
// written in clear.
func IsPinHash(s string) bool {
	_, _, _, err := splitPinHash(s)
	return err == nil
}

func splitPinHash(s string) (iter int, salt, key []byte, err error) {
	parts := strings.Split(s, "$")
	if len(parts) != 4 || parts[0] != pinScheme {
		return 0, nil, nil, errors.New("not a " + pinScheme + " hash")
	}
	iter, err = strconv.Atoi(parts[1])
	if err != nil || iter < 1000 || iter > 10_000_000 {
		return 0, nil, nil, errors.New("bad iteration count")
	}
	if salt, err = b64.DecodeString(parts[2]); err != nil || len(salt) < 8 {
		return 0, nil, nil, errors.New("bad salt")
	}
	if key, err = b64.DecodeString(parts[3]); err != nil || len(key) != pinKeyBytes {
		return 0, nil, nil, errors.New("bad key")
	}
	return iter, salt, key, nil
}

// VerifyPin reports whether pin is the PIN whose stored form is hash.
func VerifyPin(hash, pin string) bool {
	iter, salt, want, err := splitPinHash(hash)
	if err != nil {
		return false
	}
	got, err := pbkdf2.Key(sha256.New, pin, salt, iter, pinKeyBytes)
	return err == nil && subtle.ConstantTimeCompare(got, want) == 1
}
