//! The `salient` program: see `salient --help`.

use clap::Parser;

fn main() {
    let cli = match salient::cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // --help and --version print and exit 0; bad arguments print one message and exit 2.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    std::process::exit(salient::cli::run(cli));
}
