//! The `studio` executable; everything lives in the library (src/lib.rs).

// The shipped binaries are static musl builds, and musl's malloc serialises every thread on one
// lock; mimalloc is fast under threads on every target (figures in docs/operations.md, "Static
// binaries").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc 3's `mimalloc.h` (the bindings name only the older options).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> std::process::ExitCode {
    // mimalloc returns freed memory to the system only from inside a later allocation, 10 ms after
    // the free at the earliest. An idle server allocates nothing, so what start-up or a photo upload
    // freed stayed resident (18 MB idle instead of 11). Purging at once measured no slower under
    // load (docs/operations.md, "Allocator").
    // SAFETY: sets a plain integer option; mimalloc reads options with no other precondition.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
    studio::cli::run()
}
