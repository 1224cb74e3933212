use std::process::ExitCode;

fn main() -> ExitCode {
    gamescribe::cli::main()
}
