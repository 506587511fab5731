//! Unit tests for `detect/icons`.

use super::*;
use crate::util::value::json;

#[test]
fn data_uris_become_digests() {
    let big = format!("data:image/png;base64,{}", "A".repeat(100_000));
    let summary = summarise(&json!([{"src": big, "sizes": ["48x48"]}]));
    let src = summary[0]["src"].as_str().unwrap();
    assert!(src.starts_with("data:image/png;base64,… (100022 bytes, fnv1a64 "), "{src}");
    assert!(src.len() < 100);
    assert_eq!(summary[0]["sizes"], json!(["48x48"]));
    let other = summarise(&json!([{"src": format!("data:image/png;base64,{}B", "A".repeat(99_999))}]));
    assert_ne!(other[0]["src"], summary[0]["src"]);
    assert_eq!(summarise(&json!([{"src": "https://x/y.png"}])), json!([{"src": "https://x/y.png"}]));
}
