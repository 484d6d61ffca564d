//! The command line of every example, read by clap: `--help` and `--version` print to stdout
//! (through [`output`](crate::output), so that a closed or full stdout is handled as in the
//! rest of the example) and end with exit status 0; any error in the arguments is printed on
//! stderr with the usage and ends the program with exit status 2.

use clap::Parser;
use clap::error::ErrorKind;

/// Reads the command line into `P`, or ends the program as the module's documentation says.
pub fn parse<P: Parser>() -> P {
    match P::try_parse() {
        Ok(parsed) => parsed,
        Err(error) => exit(&error),
    }
}

/// Ends the program after `error`: help and version on stdout with status 0, anything else
/// on stderr with status 2.
pub fn exit(error: &clap::Error) -> ! {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            crate::output::print(format_args!("{}", error.render()));
            std::process::exit(0);
        }
        // clap writes the error and the usage on stderr and exits with status 2.
        _ => error.exit(),
    }
}
