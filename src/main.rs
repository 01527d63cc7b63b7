//! The `studio` executable; everything lives in the library (src/lib.rs).

// The shipped binaries are static musl builds, and musl's malloc serialises every thread on one
// lock; mimalloc is fast under threads on every target (figures in docs/operations.md, "Static
// binaries").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    studio::cli::run()
}
