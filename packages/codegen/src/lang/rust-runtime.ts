/**
 * The head of every generated lib.rs: helpers the types share. Numbers are read as their decimal text
 * (serde_json's `arbitrary_precision`, the crate's default `exact-numbers` feature), never through an f64,
 * so `Int` takes `1.0`, `1e2` and `1784020561482913000.0` exactly and an untagged union tells 2^64 + 1 from
 * 2^64. Open objects are read through a `serde_json::Value` (`open`): reading with serde's `flatten` buffers
 * unknown members as serde's `Content`, where under `arbitrary_precision` a number like `0.1` is a map that
 * an `f64` (an `additionalProperties: {type: number}` member) refuses.
 */
export const RUST_RUNTIME = `#![allow(clippy::all)]

use serde::{Deserialize, Serialize};

/// An optional member that was present: \`Some(value)\` even when the value is null.
#[allow(dead_code)]
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A JSON number's exact value: its digits (no leading or trailing zeros) times 10^exp, and its sign.
fn decimal(text: &str) -> Option<(bool, String, i64)> {
    let (neg, s) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exp) = match s.find(|c: char| c == 'e' || c == 'E') {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().ok()?),
        None => (s, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut digits = format!("{}{}", int, frac).trim_start_matches('0').to_string();
    let mut exp = exp.checked_sub(frac.len() as i64)?;
    while digits.ends_with('0') {
        digits.pop();
        exp = exp.saturating_add(1);
    }
    if digits.is_empty() {
        return Some((false, digits, 0)); // zero, of either sign
    }
    Some((neg, digits, exp))
}

/// The value of a number written \`3.0\`, \`1e2\` or \`1784020561482913000.0\`, when it is an integer an i64 holds.
fn exact_i64(text: &str) -> Option<i64> {
    let (neg, digits, exp) = decimal(text)?;
    if digits.is_empty() {
        return Some(0);
    }
    if exp < 0 || exp > 19 || digits.len() as i64 + exp > 19 {
        return None;
    }
    let sign = if neg { "-" } else { "" };
    format!("{}{}{}", sign, digits, "0".repeat(exp as usize)).parse().ok()
}

/// A JSON integer the schema bounds within i64. It also reads one written with a fraction or exponent
/// (\`1.0\`, \`1e3\`), which JSON Schema's \`integer\` accepts and \`i64\` alone refuses, exactly (never
/// through an f64 with \`exact-numbers\`); it is written back as a plain integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
#[serde(transparent)]
pub struct Int(pub i64);

impl<'de> Deserialize<'de> for Int {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = serde_json::Number::deserialize(d)?;
        let text = n.to_string();
        n.as_i64()
            .or_else(|| exact_i64(&text))
            .map(Int)
            .ok_or_else(|| serde::de::Error::custom(format!("expected an integer within i64, found {}", text)))
    }
}

impl From<i64> for Int {
    fn from(v: i64) -> Self {
        Int(v)
    }
}

/// Equal as JSON values, numbers by their decimal value (\`1\` = \`1.0\`, 2^64 + 1 is not 2^64): how an
/// untagged union picks its variant.
#[allow(dead_code)]
fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value::{Array, Number, Object};
    match (a, b) {
        (Number(x), Number(y)) => same_number(x, y),
        (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        (Object(x), Object(y)) => x.len() == y.len() && x.iter().all(|(k, p)| y.get(k).map_or(false, |q| same(p, q))),
        _ => a == b,
    }
}

/// The same decimal value, or a float printed another way that reads as the same f64 (unless either is
/// an integer too long for an f64 to hold).
#[allow(dead_code)]
fn same_number(x: &serde_json::Number, y: &serde_json::Number) -> bool {
    let (p, q) = (decimal(&x.to_string()), decimal(&y.to_string()));
    let long = |d: &Option<(bool, String, i64)>| d.as_ref().map_or(false, |(_, s, e)| *e >= 0 && s.len() as i64 + e > 15);
    (p.is_some() && p == q) || (x.as_f64().is_some() && x.as_f64() == y.as_f64() && !long(&p) && !long(&q))
}

/// An open object, read as a JSON value: its named members (the object its struct decodes from) and the
/// others (kept in the struct's extra map).
#[allow(dead_code)]
fn open<'de, D: serde::Deserializer<'de>, E: serde::de::DeserializeOwned>(
    d: D,
    known: &[&str],
) -> Result<(serde_json::Value, E), D::Error> {
    let mut named = serde_json::Map::deserialize(d)?;
    let unknown: Vec<String> = named.keys().filter(|k| !known.contains(&k.as_str())).cloned().collect();
    let mut rest = serde_json::Map::new();
    for k in unknown {
        if let Some(v) = named.remove(&k) {
            rest.insert(k, v);
        }
    }
    let extra = serde_json::from_value(serde_json::Value::Object(rest)).map_err(serde::de::Error::custom)?;
    Ok((serde_json::Value::Object(named), extra))
}
`;
