//! The journal (issue 32): an article's body blocks read from and written as JSON (`blocks`), when
//! an article is on the site and the worker that publishes scheduled ones on time (`schedule`),
//! and the feed (`feed`).

pub mod blocks;
pub mod feed;
pub mod schedule;

/// The key an article's preview link is signed with: the data file's, set apart so that a
/// project's link never opens the article of the same id.
pub fn preview_key(key: &[u8]) -> Vec<u8> {
    [key, b":journal"].concat()
}
