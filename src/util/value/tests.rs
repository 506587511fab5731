//! Unit tests for `value`: the same answers as serde_json's `Value` and `Map`, on random operations.

use super::*;
use crate::util::test_random::Lcg;

const KEYS: [&str; 7] = ["", "a", "b", "B", "ab", "é", "a\u{0}"];

#[test]
fn a_map_answers_as_serde_jsons_map_after_random_edits() {
    let mut random = Lcg(5);
    for _ in 0..500 {
        let (mut ours, mut theirs) = (Map::new(), serde_json::Map::new());
        for step in 0..random.next(40) {
            let key = KEYS[random.next(KEYS.len())];
            match random.next(9) {
                0 => {
                    ours.clear();
                    theirs.clear();
                }
                1..=4 => assert_eq!(
                    ours.insert(key.into(), Value::from(step)),
                    theirs.insert(key.into(), step.into()).map(Value::from)
                ),
                5 | 6 => assert_eq!(ours.remove(key), theirs.remove(key).map(Value::from)),
                _ => {
                    ours.entry(key).or_insert(Value::from(step));
                    theirs.entry(key).or_insert(step.into());
                }
            }
            // Every key, present or not (a key's summary bit outlives its removal).
            for key in KEYS {
                assert_eq!(ours.get(key), theirs.get(key).map(|v| Value::from(v.clone())).as_ref());
                assert_eq!(ours.contains_key(key), theirs.contains_key(key));
            }
        }
        assert_eq!(Value::Object(ours.clone()), serde_json::Value::Object(theirs.clone()));
        assert!(ours.keys().eq(theirs.keys()), "the same keys in the same order");
        assert_eq!(serde_json::to_string(&ours).ok(), serde_json::to_string(&theirs).ok());
        ours.retain(|k, _| k.len() == 1);
        theirs.retain(|k, _| k.len() == 1);
        assert_eq!(Value::Object(ours), serde_json::Value::Object(theirs));
    }
}

/// A random value of up to `depth` levels, with repeated keys in its objects.
fn random_text(random: &mut Lcg, depth: usize) -> String {
    match random.next(if depth == 0 { 4 } else { 6 }) {
        0 => ["0", "-1.5", "1e3", "18446744073709551615", "true", "null"][random.next(6)].into(),
        1 | 2 => serde_json::to_string(KEYS[random.next(KEYS.len())]).unwrap_or_default(),
        3 => "\"\\u00e9\\n\"".into(),
        4 => {
            let items: Vec<String> = (0..random.next(4)).map(|_| random_text(random, depth - 1)).collect();
            format!("[{}]", items.join(","))
        }
        _ => {
            // Up to 40 members: past the 16 sorted by insertion too.
            let count = if random.next(4) == 0 { random.next(40) } else { random.next(5) };
            let members: Vec<String> = (0..count)
                .map(|_| {
                    let key = serde_json::to_string(KEYS[random.next(KEYS.len())]).unwrap_or_default();
                    format!("{key}: {}", random_text(random, depth - 1))
                })
                .collect();
            format!("{{{}}}", members.join(","))
        }
    }
}

#[test]
fn values_read_compare_and_write_as_serde_jsons() {
    let mut random = Lcg(11);
    for _ in 0..3_000 {
        let text = random_text(&mut random, 3);
        let ours = crate::util::json_read::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let theirs: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(ours, theirs, "{text}");
        assert_eq!(ours, Value::from(theirs.clone()), "{text}");
        assert_eq!(ours.to_string(), theirs.to_string(), "{text}");
        assert_eq!(format!("{ours:#}"), format!("{theirs:#}"), "{text}");
        assert_eq!(format!("{ours:?}"), format!("{theirs:?}"), "{text}");
        for key in KEYS {
            assert_eq!(ours.get(key), theirs.get(key).cloned().map(Value::from).as_ref(), "{text}");
            assert_eq!(ours[key], theirs[key], "{text}");
        }
        assert_eq!(ours.get(0), theirs.get(0).cloned().map(Value::from).as_ref(), "{text}");
    }
}

#[test]
fn members_written_twice_keep_the_last_value_and_are_told_in_written_order() {
    let written = |keys: &[&str]| {
        let members = keys.iter().enumerate().map(|(i, k)| (k.to_string(), Value::from(i))).collect();
        let mut told = Vec::new();
        let map = Map::from_written(members, |at, key| told.push((at, key.to_owned())));
        (map.iter().map(|(k, v)| (k.clone(), v.as_u64().unwrap_or(99))).collect::<Vec<_>>(), told)
    };
    let (map, told) = written(&["b", "a", "b", "c", "a", "b"]);
    assert_eq!(map, [("a".into(), 4), ("b".into(), 5), ("c".into(), 3)]);
    assert_eq!(told, [(2, "b".into()), (4, "a".into()), (5, "b".into())]);
    // Past 16 members the shared sort puts them in order.
    let many: Vec<String> = (0..40).map(|i| format!("k{}", (i * 7) % 20)).collect();
    let (map, told) = written(&many.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(map.len(), 20);
    assert!(map.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(told.iter().map(|(at, _)| *at).collect::<Vec<_>>(), (20..40).collect::<Vec<_>>());
    assert!(map.iter().all(|(k, v)| many[*v as usize] == *k && *v >= 20), "the last writing's value");
}

#[test]
fn json_builds_what_serde_jsons_macro_builds() {
    let name = String::from("search");
    let pointer: Option<String> = None;
    let counts = vec!["a", "b"];
    let ours = json!({
        "name": name,
        "pointer": pointer,
        "nested": { "list": [1, -2, 0.5, null, true, [], {}, { "k": counts }], "sum": 2 + 3 },
        "b": false,
        "a": "x",
    });
    let theirs = serde_json::json!({
        "name": name,
        "pointer": pointer,
        "nested": { "list": [1, -2, 0.5, null, true, [], {}, { "k": counts }], "sum": 2 + 3 },
        "b": false,
        "a": "x",
    });
    assert_eq!(ours, theirs);
    assert_eq!(json!([]), serde_json::json!([]));
    assert_eq!(json!(f64::NAN), serde_json::Value::Null);
    assert_eq!(ours.pointer("/nested/list/7/k/1"), Some(&json!("b")));
    assert_eq!(ours.pointer(""), Some(&ours));
    let mut ours = ours;
    assert_eq!(ours.pointer_mut("/nested/list/7/k/1"), Some(&mut json!("b")));
    assert_eq!(ours.pointer_mut("/nested/list/07"), None);
    assert_eq!(ours.pointer_mut("nested"), None);
    *ours.pointer_mut("").expect("the root") = json!(1);
    assert_eq!(ours, json!(1));
}
