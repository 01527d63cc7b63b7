//! The `studio` executable; everything lives in the library (src/lib.rs).

fn main() -> std::process::ExitCode {
    studio::cli::run()
}
