//! Bundles every level in `levels/` into the game, in play (file name)
//! order, for the browser build, which has no files to read: adding a file
//! to `levels/` is enough. The desktop game reads `levels/` from disk. The
//! levels' solution scripts and golden run files come along, for the
//! browser's replay and verify checks.

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    bundle(&root.join("levels"), ".txt", "BUNDLED_LEVELS", "levels.rs");
    bundle(
        &root.join("tests/solutions"),
        ".inputs",
        "SOLUTIONS",
        "solutions.rs",
    );
    bundle(&root.join("tests/runs"), ".run", "RUNS", "runs.rs");
}

/// Writes `OUT_DIR/file`: a constant `name` listing every `*ext` file of
/// `dir` (its file name and text), sorted by name.
fn bundle(dir: &Path, ext: &str, name: &str, file: &str) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(ext))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = format!("/// Every bundled `*{ext}` file: its file name and text, by name.\n");
    out.push_str(&format!("pub const {name}: &[(&str, &str)] = &[\n"));
    for entry in &names {
        let path = dir.join(entry);
        println!("cargo:rerun-if-changed={}", path.display());
        out.push_str(&format!(
            "    ({entry:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join(file);
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
