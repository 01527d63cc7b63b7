//! Who is asking and what they may do: the table of signed-in calls and the roles that may make
//! them (`rules`), the session token (`session_token`), the device in words (`device`). The guard
//! that applies them to each request is `api/guard.rs`; accounts, sessions and invites are stored
//! by `store/`.

pub mod device;
pub mod password_rules;
pub mod rules;
pub mod session_token;

/// How long a proved password counts for a sensitive call.
pub const REAUTH_FOR_MS: u64 = 15 * 60 * 1000;
