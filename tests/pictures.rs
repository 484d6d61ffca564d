//! `analyze --svg DIR` and `replay --svg FILE` write their pictures; `analyze` names the
//! opening and says why each mistake was one; a picture that cannot be written is an error.

mod common;

use std::process::Stdio;

use common::{fixture, run, temp_path};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn analyze_writes_both_pictures_and_explains_its_marks() {
    let dir = temp_path("analyze-svg");
    let args = [fixture("sample.txt"), "--level".into(), "2".into(), "--exact-empties".into(), "10".into()];
    let out = run(
        "analyze",
        args.iter().cloned().chain(["--svg".into(), dir.display().to_string()]),
        Stdio::null(),
        Stdio::piped(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.lines().any(|l| l.starts_with("opening: ")), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    let mut marked = 0;
    for (i, line) in lines.iter().enumerate() {
        if line.ends_with(" ?") || line.ends_with(" ??") {
            marked += 1;
            assert!(lines.get(i + 1).is_some_and(|next| next.starts_with("       - ")), "no reason under {line}");
        }
    }
    assert!(marked > 0, "the sample game has mistakes at level 2: {stdout}");
    for name in ["position.svg", "evaluation.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{name}");
    }
    let graph = std::fs::read_to_string(dir.join("evaluation.svg")).unwrap();
    assert_eq!(graph.matches("<circle").count(), marked, "one dot a marked move");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn replay_writes_the_final_position_and_refuses_a_path_it_cannot_write() {
    let file = temp_path("replay.svg");
    let out = run(
        "replay",
        [fixture("sample.wtb"), "--svg".into(), file.display().to_string()],
        Stdio::null(),
        Stdio::piped(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&file).unwrap();
    // The sample's first game ends on a full board: 64 discs and the last move's dot.
    assert_eq!(svg.matches("<circle").count(), 65);
    std::fs::remove_file(&file).unwrap();
    let bad = "/nonexistent-folder/replay.svg".to_owned();
    let out = run("replay", [fixture("sample.wtb"), "--svg".into(), bad.clone()], Stdio::null(), Stdio::piped());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains(&bad), "{}", text(&out.stderr));
}
