/**
 * keel.go: what every generated Go package shares. Numbers are read as their decimal text, never through
 * a float64, so `Int` takes `1.0`, `1e2` and `1784020561482913000.0` exactly and an untagged union tells
 * 2^64 + 1 from 2^64.
 */
export function goRuntime(pkg: string): string {
  return `package ${pkg}

import (
\t"bytes"
\t"encoding/json"
\t"errors"
\t"strconv"
\t"strings"
)

// keeps decodes b as a T and says whether encoding it again gives the same JSON value.
func keeps[T any](b []byte) (*T, bool) {
\tv := new(T)
\tif json.Unmarshal(b, v) != nil {
\t\treturn nil, false
\t}
\tout, err := json.Marshal(v)
\treturn v, err == nil && jsonEqual(b, out)
}

// jsonEqual compares two JSON texts as values, numbers by their decimal value (1 = 1.0 = 1e0, and
// 2^64 + 1 is not 2^64): how an untagged union picks its variant.
func jsonEqual(a, b []byte) bool {
\tx, errX := decodeNumbers(a)
\ty, errY := decodeNumbers(b)
\treturn errX == nil && errY == nil && sameValue(x, y)
}

func decodeNumbers(b []byte) (any, error) {
\td := json.NewDecoder(bytes.NewReader(b))
\td.UseNumber()
\tvar v any
\terr := d.Decode(&v)
\treturn v, err
}

func sameValue(x, y any) bool {
\tswitch x := x.(type) {
\tcase json.Number:
\t\ty, ok := y.(json.Number)
\t\treturn ok && sameNumber(x, y)
\tcase []any:
\t\ty, ok := y.([]any)
\t\tif !ok || len(x) != len(y) {
\t\t\treturn false
\t\t}
\t\tfor i := range x {
\t\t\tif !sameValue(x[i], y[i]) {
\t\t\t\treturn false
\t\t\t}
\t\t}
\t\treturn true
\tcase map[string]any:
\t\ty, ok := y.(map[string]any)
\t\tif !ok || len(x) != len(y) {
\t\t\treturn false
\t\t}
\t\tfor k, v := range x {
\t\t\tif w, ok := y[k]; !ok || !sameValue(v, w) {
\t\t\t\treturn false
\t\t\t}
\t\t}
\t\treturn true
\t}
\treturn x == y
}

// sameNumber: the same decimal value, or a float printed another way that reads as the same float64
// (unless either is an integer too long for a float64 to hold).
func sameNumber(a, b json.Number) bool {
\tda, db := decimalOf(string(a)), decimalOf(string(b))
\tif da.ok && da == db {
\t\treturn true
\t}
\tf, errF := a.Float64()
\tg, errG := b.Float64()
\treturn errF == nil && errG == nil && f == g && !da.longInt() && !db.longInt()
}

// decimal is a JSON number's exact value: digits (no leading or trailing zeros) times 10^exp.
type decimal struct {
\tneg    bool
\tdigits string
\texp    int
\tok     bool
}

func decimalOf(s string) decimal {
\tneg := strings.HasPrefix(s, "-")
\ts = strings.TrimPrefix(s, "-")
\texp := 0
\tif i := strings.IndexAny(s, "eE"); i >= 0 {
\t\te, err := strconv.Atoi(s[i+1:])
\t\tif err != nil || e > 1<<30 || e < -(1<<30) {
\t\t\treturn decimal{}
\t\t}
\t\texp, s = e, s[:i]
\t}
\tintPart, frac, _ := strings.Cut(s, ".")
\tdigits := strings.TrimLeft(intPart+frac, "0")
\texp -= len(frac)
\tfor strings.HasSuffix(digits, "0") {
\t\tdigits = digits[:len(digits)-1]
\t\texp++
\t}
\tif digits == "" {
\t\treturn decimal{ok: true} // zero, of either sign
\t}
\treturn decimal{neg: neg, digits: digits, exp: exp, ok: true}
}

func (d decimal) longInt() bool { return d.exp >= 0 && len(d.digits)+d.exp > 15 }

// toInt64 gives the value when it is an integer an int64 holds.
func (d decimal) toInt64() (int64, bool) {
\tif !d.ok || d.exp < 0 || len(d.digits)+d.exp > 19 {
\t\treturn 0, false
\t}
\tif d.digits == "" {
\t\treturn 0, true
\t}
\ts := d.digits + strings.Repeat("0", d.exp)
\tif d.neg {
\t\ts = "-" + s
\t}
\ti, err := strconv.ParseInt(s, 10, 64)
\treturn i, err == nil
}

// Int is a JSON integer the schema bounds within int64. It also reads one written with a fraction or
// exponent (1.0, 1e3), which JSON Schema's "integer" accepts and int64 alone refuses, exactly (never
// through a float64); it is written back as a plain integer.
type Int int64

func (n *Int) UnmarshalJSON(b []byte) error {
\ts := string(b)
\tif i, err := strconv.ParseInt(s, 10, 64); err == nil {
\t\t*n = Int(i)
\t\treturn nil
\t}
\tif s != "" && (s[0] == '-' || s[0] >= '0' && s[0] <= '9') && json.Valid(b) {
\t\tif i, ok := decimalOf(s).toInt64(); ok {
\t\t\t*n = Int(i)
\t\t\treturn nil
\t\t}
\t}
\treturn errors.New("expected an integer within int64, found " + s)
}

func unknownVariant(union string) error {
\treturn errors.New("no variant of " + union + " decodes this value")
}

// Nullable is an optional member that may also be null: empty when absent (so omitempty drops it),
// [nil] for null, [&v] for a value.
type Nullable[T any] []*T

// Null is a present null; Of a present value.
func Null[T any]() Nullable[T] { return Nullable[T]{nil} }
func Of[T any](v T) Nullable[T]  { return Nullable[T]{&v} }

// Present says whether the member was there (null included); Value gives it, nil for null or absent.
func (n Nullable[T]) Present() bool { return len(n) > 0 }
func (n Nullable[T]) Value() *T {
\tif len(n) == 0 {
\t\treturn nil
\t}
\treturn n[0]
}

func (n Nullable[T]) MarshalJSON() ([]byte, error) {
\tif len(n) == 0 || n[0] == nil {
\t\treturn []byte("null"), nil
\t}
\treturn json.Marshal(n[0])
}

func (n *Nullable[T]) UnmarshalJSON(b []byte) error {
\tif string(b) == "null" {
\t\t*n = Nullable[T]{nil}
\t\treturn nil
\t}
\tv := new(T)
\tif err := json.Unmarshal(b, v); err != nil {
\t\treturn err
\t}
\t*n = Nullable[T]{v}
\treturn nil
}

// unmarshalExtra keeps the members of an open object that its struct does not name.
func unmarshalExtra[V any](b []byte, extra *map[string]V, known map[string]bool) error {
\tvar all map[string]json.RawMessage
\tif err := json.Unmarshal(b, &all); err != nil {
\t\treturn err
\t}
\tout := map[string]V{}
\tfor k, raw := range all {
\t\tif known[k] {
\t\t\tcontinue
\t\t}
\t\tvar v V
\t\tif err := json.Unmarshal(raw, &v); err != nil {
\t\t\treturn err
\t\t}
\t\tout[k] = v
\t}
\t*extra = nil
\tif len(out) > 0 {
\t\t*extra = out
\t}
\treturn nil
}

// marshalExtra writes the named members, then the kept unknown ones.
func marshalExtra[V any](plain any, extra map[string]V) ([]byte, error) {
\tb, err := json.Marshal(plain)
\tif err != nil || len(extra) == 0 {
\t\treturn b, err
\t}
\tvar all map[string]json.RawMessage
\tif err := json.Unmarshal(b, &all); err != nil {
\t\treturn nil, err
\t}
\tfor k, v := range extra {
\t\traw, err := json.Marshal(v)
\t\tif err != nil {
\t\t\treturn nil, err
\t\t}
\t\tall[k] = raw
\t}
\treturn json.Marshal(all)
}
`;
}
