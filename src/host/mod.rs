//! The host's side of studio: `studio install`, `uninstall`, `update`, `rollback` and the host's
//! `status`, with the signed release manifest they trust (docs/operations.md, "Install").
//!
//! `paths` names every file an installed studio has; `manifest` checks a release; `fetch` downloads;
//! `systemd` runs systemctl and asks the service whether it is healthy; `install`, `update` and
//! `status` are the commands; `update_check` is the running server's daily look for a release;
//! `terminal` cleans text from elsewhere before it is printed.

pub mod accounts;
pub mod fetch;
pub mod install;
pub mod manifest;
pub mod paths;
pub mod status;
pub mod systemd;
pub mod terminal;
pub mod update;
pub mod update_check;

/// The unit file: `scripts/studio.service` is the one source, shipped as it is and written by
/// `studio install`.
pub const UNIT: &str = include_str!("../../scripts/studio.service");
