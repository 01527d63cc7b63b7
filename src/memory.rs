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
