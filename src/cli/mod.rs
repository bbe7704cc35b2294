//! Parts of the command line with one job each: the outputs' checks
//! (`outputs.rs`) and the `verify` subcommand (`verify.rs`).

pub mod outputs;
#[cfg(not(target_arch = "wasm32"))]
pub mod verify;
