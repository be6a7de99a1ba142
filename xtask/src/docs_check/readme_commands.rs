//! Runs the commands of every README and compares what they do with what
//! the README shows: the CLI is built once, then each command runs with
//! `sh -c` from the workspace root.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::metadata::Workspace;
use super::readme_blocks::{Cmd, commands};
use crate::process::{Ran, Stopped, run_bounded};

/// How long one command may take. Only a guard against a command that hangs
/// (one waiting on the network, say): the commands that run are quick, but
/// `cargo run` may first wait on the build lock.
const TIMEOUT: Duration = Duration::from_secs(120);

/// How long the output of a command that has ended may still take to
/// arrive: its process group is stopped when `sh` exits, so the pipes
/// close at once unless a process left the group (`setsid`) and kept them.
const DRAIN: Duration = Duration::from_secs(5);

/// Set for the commands it runs: a README command that runs tidy (`cargo
/// xtask ci`, unmarked by mistake) then skips this part instead of running
/// the READMEs again, and again.
const NESTED: &str = "URIKIT_XTASK_README_COMMANDS";

/// Checks every README's commands, pushing one problem per failure.
pub(crate) fn check(root: &Path, ws: &Workspace, problems: &mut Vec<String>) {
    if std::env::var_os(NESTED).is_some() {
        return;
    }
    let mut readmes = Vec::new();
    find_readmes(root, root, &ws.target_dir, &mut readmes);
    readmes.sort();
    let mut todo: Vec<(String, Cmd)> = Vec::new();
    for path in &readmes {
        let name = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                problems.push(format!("{name}: {e}"));
                continue;
            }
        };
        let (cmds, errors) = commands(&text);
        problems.extend(
            errors
                .into_iter()
                .map(|(line, e)| format!("{name}:{line}: {e}")),
        );
        todo.extend(cmds.into_iter().map(|c| (name.clone(), c)));
    }
    if todo.is_empty() {
        return;
    }

    // `urikit …` in a README is the CLI of this checkout.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    match Command::new(&cargo)
        .args(["build", "-q", "-p", "urikit-cli"])
        .current_dir(root)
        .stdin(Stdio::null())
        .output()
    {
        Ok(out) if out.status.success() => {}
        Ok(out) => {
            problems.push(format!(
                "cannot build urikit-cli to run the READMEs' commands:\n{}",
                String::from_utf8_lossy(&out.stderr).trim_end()
            ));
            return;
        }
        Err(e) => {
            problems.push(format!("cannot run {cargo}: {e}"));
            return;
        }
    }
    let mut dirs = vec![ws.target_dir.join("debug")];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let path = match std::env::join_paths(dirs) {
        Ok(path) => path,
        Err(e) => {
            problems.push(format!("cannot put the target directory on PATH: {e}"));
            return;
        }
    };

    for (name, cmd) in &todo {
        let shown = cmd.text.lines().next().unwrap_or("");
        let at = format!("{name}:{}: `{shown}`", cmd.line);
        let ran = match run(&cmd.text, root, &path) {
            Ok(ran) => ran,
            Err(e) => {
                problems.push(format!("{at}: {e}"));
                continue;
            }
        };
        if ran.status != Some(cmd.status) {
            let status = ran
                .status
                .map_or_else(|| "a signal".to_string(), |s| format!("status {s}"));
            problems.push(format!(
                "{at}: ended with {status}, not {} (mark a documented failure `# exit N`){}",
                cmd.status,
                indented("standard error", &ran.stderr)
            ));
            continue;
        }
        if let Some(expected) = &cmd.expected {
            let actual = ran.stdout.trim_end_matches('\n');
            if actual != expected {
                problems.push(format!(
                    "{at}: the output differs from the README's{}",
                    difference(expected, actual)
                ));
            }
        }
    }
}

/// Every `README.md` under `dir`, leaving out build output (folders named
/// `target`, and the workspace's target directory `target_dir` wherever
/// cargo is configured to put it), hidden folders and fuzzing's working
/// folders. Symbolic links are not followed, to folders or to files: a
/// link could lead out of the repository, or around in a loop.
fn find_readmes(root: &Path, dir: &Path, target_dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        // The entry itself, not what a link points to.
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if kind.is_dir() {
            let skip = name.starts_with('.')
                || name == "target"
                || same_dir(&path, target_dir)
                || path == root.join("fuzz/corpus")
                || path == root.join("fuzz/artifacts");
            if !skip {
                find_readmes(root, &path, target_dir, out);
            }
        } else if kind.is_file() && name == "README.md" {
            out.push(path);
        }
    }
}

/// Whether `a` and `b` name the same folder, as written or once resolved
/// (cargo reports the target directory with links resolved).
fn same_dir(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (a.canonicalize(), b.canonicalize()),
            (Ok(a), Ok(b)) if a == b
        )
}

/// Runs `text` with `sh -c` in `root`, standard input empty, with `path` as
/// `PATH` (see [`run_bounded`]: its process group is stopped at the time
/// limit and when it ends).
fn run(text: &str, root: &Path, path: &std::ffi::OsStr) -> Result<Ran, String> {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(text)
        .current_dir(root)
        .env("PATH", path)
        .env(NESTED, "1");
    run_bounded(&mut command, TIMEOUT, DRAIN).map_err(|stopped| match stopped {
        Stopped::Spawn(e) => format!("cannot run sh: {e}"),
        Stopped::Wait(e) => format!("cannot wait for sh: {e}"),
        Stopped::TimedOut => format!(
            "still running after {} s, stopped (mark it `not run`?)",
            TIMEOUT.as_secs()
        ),
        Stopped::OutputHeld => format!(
            "ended, but its output was still open {} s later: a process it \
             started outside its process group keeps it (mark it `not run`?)",
            DRAIN.as_secs()
        ),
    })
}

/// `text` under a heading, indented, or nothing if it is empty.
fn indented(heading: &str, text: &str) -> String {
    let text = text.trim_end();
    if text.is_empty() {
        return String::new();
    }
    let mut out = format!("\n  {heading}:");
    for line in text.lines() {
        out.push_str("\n    ");
        out.push_str(line);
    }
    out
}

/// The first line where `expected` and `actual` differ, and both in full.
fn difference(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let at = (0..e.len().max(a.len()))
        .find(|&i| e.get(i) != a.get(i))
        .unwrap_or(0);
    let show = |l: Option<&&str>| l.map_or_else(|| "(no line)".to_string(), |l| format!("{l:?}"));
    format!(
        "\n  first difference, output line {}: README {}, command {}{}{}",
        at + 1,
        show(e.get(at)),
        show(a.get(at)),
        indented("README", expected),
        indented("command", actual)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// A fresh folder under the system's temporary folder.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn readmes_skip_build_output_hidden_folders_and_links() {
        let root = scratch("readmes");
        for dir in ["a/b", "target", "out/debug", ".git", "fuzz/corpus"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
            std::fs::write(root.join(dir).join("README.md"), "x").unwrap();
        }
        std::fs::write(root.join("README.md"), "x").unwrap();
        #[cfg(unix)]
        {
            // A link to a folder, and a link named README.md.
            std::os::unix::fs::symlink(root.join("a"), root.join("link")).unwrap();
            std::os::unix::fs::symlink(root.join("README.md"), root.join("a/README.md")).unwrap();
        }
        let mut found = Vec::new();
        // `out` stands for a target directory configured elsewhere.
        find_readmes(&root, &root, &root.join("out"), &mut found);
        found.sort();
        let found: Vec<_> = found
            .iter()
            .map(|p| {
                p.strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        assert_eq!(found, ["README.md", "a/b/README.md"]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_background_process_does_not_hold_the_run() {
        let root = scratch("background");
        let start = Instant::now();
        let ran = run(
            "echo hi; sleep 60 & echo there",
            &root,
            &std::env::var_os("PATH").unwrap_or_default(),
        )
        .unwrap();
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{:?}",
            start.elapsed()
        );
        assert_eq!((ran.status, ran.stdout.as_str()), (Some(0), "hi\nthere\n"));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
