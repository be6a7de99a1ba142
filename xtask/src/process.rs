//! Running a command with a time limit, its output collected: the README
//! commands of the docs check and the `cargo info` of the peers' check.
//!
//! The command runs in its own process group (on Unix), standard input
//! empty; its output is read while it runs (so that it never waits on a
//! full pipe); at the limit the whole group is stopped, and once it has
//! ended whatever is left of the group is stopped too, so that a process it
//! started in the background cannot hold the output open.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a command that ran did.
#[derive(Debug)]
pub(crate) struct Ran {
    /// Its exit status, `None` when a signal ended it.
    pub(crate) status: Option<i32>,
    /// Its standard output, lossily decoded.
    pub(crate) stdout: String,
    /// Its standard error, lossily decoded.
    pub(crate) stderr: String,
}

/// Why a command gave no [`Ran`].
#[derive(Debug)]
pub(crate) enum Stopped {
    /// It could not be started.
    Spawn(std::io::Error),
    /// Waiting for it failed.
    Wait(std::io::Error),
    /// It was still running at the time limit, and was stopped.
    TimedOut,
    /// It ended, but its output was still open `drain` later: a process it
    /// started outside its process group keeps it.
    OutputHeld,
}

/// Runs `command` (its standard streams set here) for at most `timeout`,
/// then gives its output `drain` more to arrive.
pub(crate) fn run_bounded(
    command: &mut Command,
    timeout: Duration,
    drain: Duration,
) -> Result<Ran, Stopped> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // Its own process group, so that the command's children are stopped
    // with it (at a timeout, and once it has ended), not only itself.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    let mut child = command.spawn().map_err(Stopped::Spawn)?;
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
            Ok(None) if start.elapsed() > timeout => {
                kill_group(child.id());
                let _ = child.kill();
                let _ = child.wait();
                return Err(Stopped::TimedOut);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(Stopped::Wait(e)),
        }
    };
    // The command has ended, but a process it started in the background
    // (`cmd &`) may still hold the output pipes, and the reads would wait
    // for it. Stop whatever is left of the group, then give the reads a
    // deadline.
    kill_group(child.id());
    let deadline = Instant::now() + drain;
    let readers = [stdout, stderr];
    while readers.iter().flatten().any(|t| !t.is_finished()) {
        if Instant::now() > deadline {
            return Err(Stopped::OutputHeld);
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

/// Sends `SIGKILL` to the process group `id` (the command is its group's
/// leader), so that none of its processes outlives it. A group's id is
/// not given to another process while the group has a member left; when
/// none is left, `kill` finds no such group (unless a new process took the
/// same number and made itself a group leader in the meantime) and does
/// nothing. Standard library only, so through `kill(1)`.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `script` run with `sh -c`, with `timeout` and a drain of 500 ms.
    #[cfg(unix)]
    fn sh(script: &str, timeout: Duration) -> Result<Ran, Stopped> {
        let mut command = Command::new("sh");
        command.args(["-c", script]);
        run_bounded(&mut command, timeout, Duration::from_millis(500))
    }

    #[cfg(unix)]
    #[test]
    fn output_and_status_are_collected() {
        let ran = sh("echo out; echo err >&2; exit 3", Duration::from_secs(30)).unwrap();
        assert_eq!(
            (ran.status, ran.stdout.as_str(), ran.stderr.as_str()),
            (Some(3), "out\n", "err\n")
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_command_past_its_limit_is_stopped() {
        let start = Instant::now();
        let stopped = sh("sleep 60", Duration::from_millis(200));
        assert!(matches!(stopped, Err(Stopped::TimedOut)), "{stopped:?}");
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{:?}",
            start.elapsed()
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn output_held_outside_the_group_is_reported() {
        // `setsid` moves `sleep` out of the command's process group, so
        // the group's stop misses it and it keeps the output pipes open
        // past the drain. (A background process inside the group is
        // stopped with it: `readme_commands`' test
        // `a_background_process_does_not_hold_the_run`.) The script waits
        // until the process is in a group of its own (field 5 of
        // `/proc/PID/stat` is its group; `setsid` makes it its own PID):
        // ending at once, it let the group's stop reach the process
        // before `setsid` had run, on a busy machine.
        let stopped = sh(
            "setsid sleep 5 & pid=$!; \
             while [ \"$(cut -d' ' -f5 /proc/$pid/stat)\" != \"$pid\" ]; do sleep 0.01; done",
            Duration::from_secs(30),
        );
        assert!(matches!(stopped, Err(Stopped::OutputHeld)), "{stopped:?}");
    }

    #[test]
    fn a_command_that_does_not_exist_is_not_started() {
        let mut command = Command::new("urikit-xtask-no-such-program");
        let stopped = run_bounded(&mut command, Duration::from_secs(5), Duration::from_secs(5));
        assert!(matches!(stopped, Err(Stopped::Spawn(_))), "{stopped:?}");
    }
}
