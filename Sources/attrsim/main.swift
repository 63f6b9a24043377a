import CommandLineKit
import Foundation

// The executable is a thin shell: parse arguments, call the library, print, exit.
Interruption.install()
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
    switch command.commandPath.first {
    case "run": status = try RunCommand.execute(command)
    case "sweep": status = try SweepCommand.execute(command)
    case "merge": status = try MergeCommand.execute(command)
    case "postback": status = PostbackCommand.execute(command)
    case "compare": status = try CompareCommand.execute(command)
    case "schema": status = SchemaCommand.execute(command)
    case "decode": status = try DecodeCommand.execute(command)
    case "verify": status = try VerifyCommand.execute(command)
    case "completions": status = try CompletionsCommand.execute(command)
    default: status = ValidateCommand.execute(command)
    }
  } catch {
    Console.error(error.rendered(for: tool))
    status = .usage
  }
}
exit(status.rawValue)
