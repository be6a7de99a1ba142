//! Runs the commands of every README and compares what they do with what
//! the README shows: the CLI is built once, then each command runs with
//! `sh -c` from the workspace root.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::metadata::Workspace;
use super::readme_blocks::{Cmd, commands};

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

/// What a command did.
struct Ran {
    /// Its exit status, `None` when a signal ended it.
    status: Option<i32>,
    /// Its standard output, lossily decoded.
    stdout: String,
    /// Its standard error, lossily decoded.
    stderr: String,
}

/// Runs `text` with `sh -c` in `root`, standard input empty, with `path` as
/// `PATH`.
fn run(text: &str, root: &Path, path: &std::ffi::OsStr) -> Result<Ran, String> {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(text)
        .current_dir(root)
        .env("PATH", path)
        .env(NESTED, "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // Its own process group, so that the command's children are stopped
    // with it (at a timeout, and once `sh` has ended), not only `sh`.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().map_err(|e| format!("cannot run sh: {e}"))?;
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = child.stdout.take().map(|p| read_all(Box::new(p)));
    let stderr = child.stderr.take().map(|p| read_all(Box::new(p)));
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > TIMEOUT => {
                kill_group(child.id());
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "still running after {} s, stopped (mark it `not run`?)",
                    TIMEOUT.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait for sh: {e}")),
        }
    };
    // `sh` has ended, but a process it started in the background (`cmd &`)
    // may still hold the output pipes, and the reads would wait for it.
    // Stop whatever is left of the group, then give the reads a deadline.
    kill_group(child.id());
    let deadline = Instant::now() + DRAIN;
    let readers = [stdout, stderr];
    while readers.iter().flatten().any(|t| !t.is_finished()) {
        if Instant::now() > deadline {
            return Err(format!(
                "ended, but its output was still open {} s later: a process it \
                 started outside its process group keeps it (mark it `not run`?)",
                DRAIN.as_secs()
            ));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let [stdout, stderr] = readers.map(|t| t.and_then(|t| t.join().ok()).unwrap_or_default());
    Ok(Ran {
        status: status.code(),
        stdout,
        stderr,
    })
}

/// Sends `SIGKILL` to the process group `id` (a command's `sh` is its
/// group's leader), so that none of its processes outlives it. A group's
/// id is not given to another process while the group has a member left;
/// when none is left, `kill` finds no such group (unless a new process
/// took the same number and made itself a group leader in the meantime)
/// and does nothing. Standard library only, so through `kill(1)`.
fn kill_group(id: u32) {
    #[cfg(unix)]
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{id}")])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    #[cfg(not(unix))]
    let _ = id;
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
