import CommandLineKit
import Foundation

// The executable is a thin shell: parse arguments, call the library, print, exit.
Interruption.install()
// A file grown past RLIMIT_FSIZE would end the process (SIGXFSZ) and leave temporary files;
// ignored, the write fails with EFBIG and is reported like a full disk (74).
signal(SIGXFSZ, SIG_IGN)
let tool = AttrsimTool.spec
let status: ExitStatus
switch tool.parse(Array(CommandLine.arguments.dropFirst())) {
case .help(let text), .version(let text):
  Console.out(text)
  status = .success
case .usageError(let error):
  Console.error(error.rendered(for: tool))
  status = .usage
case .command(let command):
  do {
    status = try AttrsimTool.commands.run(command)
  } catch {
    Console.error(error.rendered(for: tool))
    status = .usage
  }
}
Interruption.waitIfEnding()
exit(status.rawValue)
