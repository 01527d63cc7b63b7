//! Giving freed memory back to the system after a burst of work (a photo's processing, a set of
//! page renders), so that RSS returns near idle once the server is idle (issue 28).
//!
//! mimalloc (the global allocator, src/main.rs) keeps a thread's freed pages in that thread's heap
//! until it allocates again; a worker that falls idle after a burst never does. `mi_collect(true)`
//! returns them from the calling thread. The C libraries (libwebp) allocate with the C library's
//! malloc: on glibc its arenas keep freed memory until `malloc_trim`; musl's malloc (the static
//! release builds) returns large blocks at once.

/// Returns what the calling thread has freed, and on glibc what the C allocations freed.
pub fn give_back() {
    // SAFETY: mi_collect has no precondition; it only walks the calling thread's own heap (and
    // abandoned pages), whichever allocator the binary has.
    unsafe { libmimalloc_sys::mi_collect(true) };
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of glibc's arenas.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// How often a runtime worker that falls idle gives back what it freed.
const IDLE_GIVE_BACK_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Called by each runtime worker as it parks (nothing to do): a burst of requests (an upload's
/// body, a batch of page views) leaves freed pages in the heaps of the workers that served it, and
/// an idle worker never allocates again to reuse them. At most once a second a thread, so a busy
/// server's frequent parks cost nothing; an idle one still wakes for its timers (the stats writer,
/// the journal's minute), which parks it again.
pub fn on_worker_park() {
    use std::cell::Cell;
    use std::time::Instant;
    thread_local! {
        static LAST: Cell<Option<Instant>> = const { Cell::new(None) };
    }
    let now = Instant::now();
    let due = LAST.with(|last| {
        let due = last
            .get()
            .is_none_or(|at| now.duration_since(at) >= IDLE_GIVE_BACK_EVERY);
        if due {
            last.set(Some(now));
        }
        due
    });
    if due {
        give_back();
    }
}
