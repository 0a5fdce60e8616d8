//! `ttrbot replay FILE.json`: plays scripted actions on a written position and prints the results.

use std::path::Path;

use super::Failure;
use crate::replay;

/// Reads the script, plays it, prints the JSON report.
///
/// # Errors
/// Unreadable or invalid input (exit code 2, one line).
pub fn run(path: &Path) -> Result<(), Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    let report = replay::run(&text).map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    println!(
        "{}",
        serde_json::to_string_pretty(&report).expect("plain data serialises")
    );
    Ok(())
}
