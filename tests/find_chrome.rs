//! `scripts/find-chrome.sh`, which `make test` and the playground tests use to find a browser:
//! CHROME_PATH wins when it names an executable, and a bad CHROME_PATH is one clear line.

#![cfg(not(target_arch = "wasm32"))] // runs bash

mod common;

use std::process::Command;

fn find_chrome(chrome_path: &std::path::Path) -> (i32, String, String) {
    let output = Command::new("bash")
        .arg(common::repo_root().join("scripts/find-chrome.sh"))
        .env("CHROME_PATH", chrome_path)
        .output()
        .expect("bash runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}

#[test]
fn chrome_path_names_the_browser_when_it_is_an_executable() {
    let scratch = common::Scratch::new("find-chrome");
    let browser = scratch.join("my chrome");
    std::fs::write(&browser, "#!/bin/sh\n").expect("browser stand-in");
    let status = Command::new("chmod").arg("+x").arg(&browser).status().expect("chmod");
    assert!(status.success());
    let (code, stdout, stderr) = find_chrome(&browser);
    assert_eq!((code, stdout.trim_end(), stderr.as_str()), (0, browser.to_str().unwrap(), ""));
}

#[test]
fn a_chrome_path_that_is_not_an_executable_is_one_line_saying_so() {
    let scratch = common::Scratch::new("find-chrome");
    for bad in [scratch.join("missing"), scratch.path().to_path_buf()] {
        let (code, stdout, stderr) = find_chrome(&bad);
        assert_eq!(code, 1, "{bad:?}");
        assert_eq!(stdout, "");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("is not an executable file") && stderr.contains(bad.to_str().unwrap()), "{stderr}");
    }
}
