//! The JavaScript engine (QuickJS through rquickjs) that runs the UI's server bundle: one long-lived
//! runtime on a thread of its own, with memory and stack limits and a deadline on every render.
//!
//! The bundle (`ui/src/entry-server.tsx`, built by build.rs) is loaded once; each render gets its
//! page's path and data and keeps nothing for the next. Callers block on a reply channel, so they
//! must not be request threads (the page cache renders from its own worker; previews from
//! `spawn_blocking`).

use rquickjs::{CatchResultExt, Context, Function, Object, Promise, Runtime};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// `console`, `URL` and `URLSearchParams`, which QuickJS lacks and the bundle uses.
const SHIM: &str = include_str!("shim.js");

/// What one runtime and one render may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The JavaScript heap, bytes.
    pub memory: usize,
    /// The JavaScript stack, bytes (the thread's own stack is larger).
    pub stack: usize,
    /// The longest one render (or loading the bundle) may run.
    pub deadline: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            // The bundle and a page take 1-2 MB; a huge record fails here rather than in the server.
            memory: 64 << 20,
            stack: 1 << 20,
            // Renders take 5-20 ms in a release build; a debug build is ten times slower.
            deadline: Duration::from_secs(if cfg!(debug_assertions) { 5 } else { 1 }),
        }
    }
}

/// Why a render gave no HTML.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the render ran past its deadline of {0:?}")]
    Deadline(Duration),
    #[error("the render threw: {0}")]
    Threw(String),
    #[error("the render never finished (it waits on something that never comes)")]
    Stalled,
    #[error("the render engine has stopped")]
    Stopped,
}

struct Job {
    path: String,
    json: Arc<str>,
    reply: mpsc::SyncSender<Result<String, RenderError>>,
}

/// A handle on the engine's thread; cheap to clone, usable from any thread.
#[derive(Clone)]
pub struct Engine {
    jobs: mpsc::Sender<Job>,
}

/// The thread's stack: QuickJS's own limit (`Limits::stack`) must stay well inside it.
const THREAD_STACK: usize = 8 << 20;

impl Engine {
    /// Starts the engine's thread and loads `bundle` into it; an error when the bundle does not load
    /// (it throws, runs past the deadline, or defines no `StudioServer.render`).
    pub fn start(bundle: &str, limits: Limits) -> anyhow::Result<Engine> {
        let (jobs, receive) = mpsc::channel::<Job>();
        let (ready, started) = mpsc::sync_channel::<Result<(), String>>(1);
        let bundle = bundle.to_string();
        std::thread::Builder::new()
            .name("render".into())
            .stack_size(THREAD_STACK)
            .spawn(move || match Loaded::new(&bundle, limits) {
                Ok(loaded) => {
                    let _ = ready.send(Ok(()));
                    drop(bundle);
                    for job in receive {
                        let result = loaded.render(&job.path, &job.json);
                        let _ = job.reply.send(result);
                    }
                }
                Err(message) => {
                    let _ = ready.send(Err(message));
                }
            })
            .map_err(|e| anyhow::anyhow!("starting the render thread: {e}"))?;
        match started.recv() {
            Ok(Ok(())) => Ok(Engine { jobs }),
            Ok(Err(message)) => Err(anyhow::anyhow!("loading the server bundle: {message}")),
            Err(_) => Err(anyhow::anyhow!(
                "the render thread ended while loading the bundle"
            )),
        }
    }

    /// The HTML of the app's body for the page at `path` with its data `json`. Blocks until the
    /// render is done or has failed (at most the deadline, plus any render queued before it).
    pub fn render(&self, path: &str, json: Arc<str>) -> Result<String, RenderError> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.jobs
            .send(Job {
                path: path.to_string(),
                json,
                reply,
            })
            .map_err(|_| RenderError::Stopped)?;
        answer.recv().map_err(|_| RenderError::Stopped)?
    }
}

/// The runtime with the bundle loaded, living on the engine's thread.
struct Loaded {
    runtime: Runtime,
    context: Context,
    /// Milliseconds since `epoch` after which the interrupt handler stops the script; 0: none.
    deadline_ms: Arc<AtomicU64>,
    epoch: Instant,
    limits: Limits,
}

impl Loaded {
    fn new(bundle: &str, limits: Limits) -> Result<Loaded, String> {
        let runtime = Runtime::new().map_err(|e| format!("creating the runtime: {e}"))?;
        runtime.set_memory_limit(limits.memory);
        runtime.set_max_stack_size(limits.stack);
        let deadline_ms = Arc::new(AtomicU64::new(0));
        let epoch = Instant::now();
        let watched = deadline_ms.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            let deadline = watched.load(Ordering::Relaxed);
            deadline != 0 && epoch.elapsed().as_millis() as u64 > deadline
        })));
        let context = Context::full(&runtime).map_err(|e| format!("creating a context: {e}"))?;
        let loaded = Loaded {
            runtime,
            context,
            deadline_ms,
            epoch,
            limits,
        };
        loaded.arm();
        let result = loaded.context.with(|ctx| -> Result<(), String> {
            let log = Function::new(ctx.clone(), |level: i32, message: String| match level {
                0 => tracing::debug!(target: "studio::render::js", "{message}"),
                1 => tracing::info!(target: "studio::render::js", "{message}"),
                2 => tracing::warn!(target: "studio::render::js", "{message}"),
                _ => tracing::error!(target: "studio::render::js", "{message}"),
            })
            .map_err(|e| e.to_string())?;
            ctx.globals()
                .set("__studioLog", log)
                .map_err(|e| e.to_string())?;
            ctx.eval::<(), _>(SHIM)
                .catch(&ctx)
                .map_err(|e| format!("the shim threw: {e}"))?;
            ctx.eval::<(), _>(bundle)
                .catch(&ctx)
                .map_err(|e| format!("the bundle threw: {e}"))?;
            let server: Object = ctx
                .globals()
                .get("StudioServer")
                .map_err(|_| "the bundle defines no StudioServer".to_string())?;
            server
                .get::<_, Function>("render")
                .map_err(|_| "the bundle's StudioServer has no render function".to_string())?;
            Ok(())
        });
        let timed_out = loaded.disarm();
        match result {
            Err(_) if timed_out => Err(format!("it ran past {:?}", limits.deadline)),
            other => other.map(|()| loaded),
        }
    }

    /// Starts the deadline of one run.
    fn arm(&self) {
        let at = self.epoch.elapsed() + self.limits.deadline;
        self.deadline_ms
            .store((at.as_millis() as u64).max(1), Ordering::Relaxed);
    }

    /// Ends the deadline; whether it had passed.
    fn disarm(&self) -> bool {
        let deadline = self.deadline_ms.swap(0, Ordering::Relaxed);
        self.epoch.elapsed().as_millis() as u64 > deadline
    }

    /// Runs out the jobs a failed render left queued (a stopped render's continuations), within a
    /// deadline of their own, so that none of them runs inside the next render.
    fn drop_pending_jobs(&self) {
        self.arm();
        while self.runtime.is_job_pending() {
            let ran = self.runtime.execute_pending_job();
            let deadline = self.deadline_ms.load(Ordering::Relaxed);
            if ran.is_err() && self.epoch.elapsed().as_millis() as u64 > deadline {
                tracing::warn!("the queued jobs of a failed render ran past the deadline");
                break;
            }
        }
        self.disarm();
    }

    fn render(&self, path: &str, json: &str) -> Result<String, RenderError> {
        self.arm();
        let result = self.context.with(|ctx| -> Result<String, String> {
            let server: Object = ctx
                .globals()
                .get("StudioServer")
                .map_err(|e| e.to_string())?;
            let render: Function = server.get("render").map_err(|e| e.to_string())?;
            let promise: Promise = render
                .call((path, json))
                .catch(&ctx)
                .map_err(|e| e.to_string())?;
            loop {
                if let Some(result) = promise.result::<String>() {
                    return result.catch(&ctx).map_err(|e| e.to_string());
                }
                if !ctx.execute_pending_job() {
                    return Err(String::new());
                }
            }
        });
        let timed_out = self.disarm();
        if result.is_err() {
            self.drop_pending_jobs();
        }
        // Nothing of this render is kept: its cycles go now, not in a later render's time.
        self.runtime.run_gc();
        match result {
            Ok(html) => Ok(html),
            Err(_) if timed_out => Err(RenderError::Deadline(self.limits.deadline)),
            Err(message) if message.is_empty() => Err(RenderError::Stalled),
            Err(message) => Err(RenderError::Threw(first_line(&message))),
        }
    }
}

/// An error's message without the stack, for one log line.
fn first_line(message: &str) -> String {
    message
        .lines()
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ECHO: &str = "var StudioServer = { render: async (path, json) => path + ' ' + JSON.parse(json).n + ' ' + new URL('http://x' + path).pathname };";

    fn limits(deadline_ms: u64) -> Limits {
        Limits {
            deadline: Duration::from_millis(deadline_ms),
            ..Limits::default()
        }
    }

    #[test]
    fn renders_with_data_per_call() {
        let engine = Engine::start(ECHO, limits(2000)).unwrap();
        assert_eq!(engine.render("/a", r#"{"n":1}"#.into()).unwrap(), "/a 1 /a");
        assert_eq!(engine.render("/b", r#"{"n":2}"#.into()).unwrap(), "/b 2 /b");
    }

    #[test]
    fn a_loop_is_stopped_at_the_deadline_and_the_engine_goes_on() {
        let bundle = "var StudioServer = { render: async (p) => { if (p === '/loop') for (;;) {} return 'ok'; } };";
        let engine = Engine::start(bundle, limits(200)).unwrap();
        let started = Instant::now();
        let err = engine.render("/loop", "{}".into()).unwrap_err();
        assert!(matches!(err, RenderError::Deadline(_)), "{err}");
        assert!(started.elapsed() < Duration::from_secs(3));
        assert_eq!(engine.render("/", "{}".into()).unwrap(), "ok");
    }

    #[test]
    fn a_throw_a_stall_and_a_huge_allocation_are_errors() {
        let bundle = "var StudioServer = { render: async (p) => {
            if (p === '/throw') throw new Error('no record');
            if (p === '/stall') return new Promise(() => {});
            if (p === '/huge') { const a = []; for (;;) a.push('x'.repeat(1 << 20)); }
            if (p === '/deep') { const f = (n) => f(n + 1) + 1; return f(0); }
            return 'ok'; } };";
        let engine = Engine::start(bundle, limits(3000)).unwrap();
        let err = engine.render("/throw", "{}".into()).unwrap_err();
        assert!(err.to_string().contains("no record"), "{err}");
        assert!(matches!(
            engine.render("/stall", "{}".into()),
            Err(RenderError::Stalled)
        ));
        assert!(matches!(
            engine.render("/huge", "{}".into()),
            Err(RenderError::Threw(_))
        ));
        assert!(matches!(
            engine.render("/deep", "{}".into()),
            Err(RenderError::Threw(_))
        ));
        assert_eq!(engine.render("/", "{}".into()).unwrap(), "ok");
    }

    #[test]
    fn a_bundle_that_throws_or_lacks_render_does_not_start() {
        assert!(Engine::start("throw new Error('broken')", limits(500)).is_err());
        assert!(Engine::start("var x = 1;", limits(500)).is_err());
        assert!(Engine::start("for (;;) {}", limits(200)).is_err());
    }
}
