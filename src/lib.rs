//! studio: the website and admin panel of an interior design studio, in one executable.
//!
//! `site` holds the facts shared with the SPA, `store` the data file, `ui_build` the embedded UI
//! build, `render` the public pages as HTML (shells, page cache, engine), `web` the routes of the
//! pages and files, `api` the JSON calls, `app` the state they share, `service` the request service
//! in front of them, `net` the connection loops, `tls` the certificates, `cli` the command line.
//! No two modules import each other, even through others (`tests/module_graph.rs`).

pub mod access;
pub mod activity;
pub mod api;
pub mod app;
pub mod auth;
pub mod backup;
pub mod blocking;
pub mod bookings;
pub mod cli;
pub mod config;
pub mod data_file;
pub mod health;
pub mod host;
pub mod hosts;
pub mod html;
pub mod journal;
pub mod leads;
pub mod limits;
pub mod logging;
pub mod media;
pub mod memory;
pub mod net;
pub mod notify;
pub mod offsite;
pub mod origin;
pub mod outbox;
pub mod pages;
pub mod peer;
pub mod preview;
pub mod private_files;
pub mod render;
pub mod safe_files;
pub mod service;
pub mod site;
pub mod spam;
pub mod stats;
pub mod store;
pub mod tls;
pub mod ui_build;
pub mod web;
pub mod zerocopy;
