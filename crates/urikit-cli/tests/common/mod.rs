//! What the end-to-end tests share: running the binary, and temporary
//! files. Each test file uses part of it.
// Test code: its helpers may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a run of the binary gave.
pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs `urikit args…` with `stdin` on standard input and `env` set, the
/// colour variables of the test's own environment removed and a UTF-8
/// locale, so that output does not depend on the terminal running the
/// tests.
pub(crate) fn urikit_env(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_urikit"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE");
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the urikit binary runs");
    let mut pipe = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Written from another thread, so that a large input and a large output
    // cannot block each other on full pipes. The command may exit without
    // reading its input (inputs given as arguments), so a failed write is
    // not an error.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        code: output.status.code().expect("exited, not killed"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 error output"),
    }
}

/// Runs `urikit args…` with `stdin` on standard input.
pub(crate) fn urikit(args: &[&str], stdin: &[u8]) -> Run {
    urikit_env(args, stdin, &[])
}

/// A temporary file holding `content`, removed when dropped.
pub(crate) struct TempFile(PathBuf);

impl TempFile {
    pub(crate) fn new(content: &[u8]) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "urikit-cli-test-{}-{}.txt",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, content).unwrap();
        TempFile(path)
    }

    pub(crate) fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
